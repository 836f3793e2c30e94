/* Variadic functions with va_list/va_arg, vprintf, printf calls. */
#include <stdarg.h>
#include <stdio.h>

double sum_doubles(int count, ...) {
    va_list ap;
    double s = 0.0;
    va_start(ap, count);
    for (int i = 0; i < count; i++)
        s += va_arg(ap, double);
    va_end(ap);
    return s;
}

long sum_mixed(const char *fmt, ...) {
    va_list ap;
    long total = 0;
    va_start(ap, fmt);
    for (const char *p = fmt; *p; ++p) {
        switch (*p) {
        case 'i': total += va_arg(ap, int); break;
        case 'l': total += va_arg(ap, long); break;
        case 'd': total += (long)va_arg(ap, double); break;
        case 's': total += (long)(va_arg(ap, const char *) != 0); break;
        default: break;
        }
    }
    va_end(ap);
    return total;
}

int log_msg(int level, const char *fmt, ...) {
    if (level < 2)
        return 0;
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int n = vprintf(fmt, ap);
    n += vfprintf(stderr, fmt, ap2);
    va_end(ap2);
    va_end(ap);
    return n;
}

struct pair { int a; double b; };

struct pair first_pair(int n, ...) {
    va_list ap;
    struct pair r = {0, 0.0};
    va_start(ap, n);
    if (n > 0)
        r = va_arg(ap, struct pair);
    va_end(ap);
    return r;
}

void report(void) {
    printf("%d %s %f\n", 42, "answer", 3.5);
    printf("sum=%g\n", sum_doubles(3, 1.0, 2.0, 3.0));
    printf("mixed=%ld\n", sum_mixed("ilds", 1, 2L, 3.0, "x"));
    struct pair p = {7, 8.5};
    struct pair q = first_pair(1, p);
    printf("%d %g\n", q.a, q.b);
    log_msg(3, "%s:%d\n", __FILE__, __LINE__);
    puts("done");
}
