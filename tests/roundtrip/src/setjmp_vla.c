/* setjmp/longjmp, alloca, VLAs, stacksave/restore. */
#include <setjmp.h>
#include <string.h>
#include <alloca.h>

static jmp_buf g_env;
static int g_err;

__attribute__((noinline)) static void fail(int code) {
    g_err = code;
    longjmp(g_env, code);
}

int guarded(int x) {
    if (setjmp(g_env) != 0)
        return -g_err;
    if (x < 0)
        fail(7);
    return x * 2;
}

double vla_sum(int n) {
    double buf[n];
    for (int i = 0; i < n; i++)
        buf[i] = i * 0.5;
    double s = 0;
    for (int i = 0; i < n; i++)
        s += buf[i];
    return s;
}

int vla_2d(int rows, int cols) {
    int m[rows][cols];
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            m[r][c] = r * c;
    int t = 0;
    for (int k = 0; k < rows && k < cols; k++)
        t += m[k][k];
    return t;
}

size_t alloca_copy(const char *s) {
    size_t len = strlen(s);
    char *tmp = alloca(len + 1);
    memcpy(tmp, s, len + 1);
    for (size_t i = 0; i < len; i++)
        if (tmp[i] >= 'a' && tmp[i] <= 'z')
            tmp[i] -= 32;
    return strlen(tmp) + (size_t)tmp[0];
}

int vla_in_loop(int n) {
    int total = 0;
    for (int i = 1; i <= n; i++) {
        char scratch[i];
        memset(scratch, i, (size_t)i);
        total += scratch[i - 1];
    }
    return total;
}

void *raw_alloca(unsigned n) {
    void *p = __builtin_alloca(n);
    memset(p, 0, n);
    return (void *)((char *)p - (char *)p);
}

int sigjmp_guard(int v) {
    sigjmp_buf env;
    volatile int tries = 0;
    if (sigsetjmp(env, 1))
        tries++;
    if (tries < v)
        siglongjmp(env, 1);
    return tries;
}
