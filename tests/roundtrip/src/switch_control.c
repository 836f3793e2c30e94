/* Dense and sparse switches, select, __builtin_expect, unreachable, noreturn. */
#include <stdlib.h>

__attribute__((noreturn)) void fatal(int code);

__attribute__((noreturn)) void die_hard(const char *why) {
    (void)why;
    abort();
}

int dense(int op, int a, int b) {
    switch (op) {
    case 0: return a + b;
    case 1: return a - b;
    case 2: return a * b;
    case 3: return b ? a / b : 0;
    case 4: return a & b;
    case 5: return a | b;
    case 6: return a ^ b;
    case 7: return a << (b & 31);
    default: return -1;
    }
}

const char *sparse(unsigned code) {
    switch (code) {
    case 1: return "one";
    case 100: return "hundred";
    case 4096: return "page";
    case 65535: return "max16";
    case 1000000: return "million";
    case 0xdeadbeef: return "beef";
    }
    return "?";
}

int lookup_table(int x) {
    switch (x) {
    case 10: return 3;
    case 11: return 14;
    case 12: return 15;
    case 13: return 92;
    case 14: return 65;
    case 15: return 35;
    default: return 0;
    }
}

int fallthrough(int x) {
    int r = 0;
    switch (x) {
    case 0: r += 1; /* fallthrough */
    case 1: r += 10; /* fallthrough */
    case 2: r += 100; break;
    case 3: fatal(3);
    default: __builtin_unreachable();
    }
    return r;
}

int clampi(int v, int lo, int hi) {
    return v < lo ? lo : (v > hi ? hi : v);
}

double pick(int c, double a, double b) { return c ? -a : b; }

long checked_div(long a, long b) {
    if (__builtin_expect(b == 0, 0))
        die_hard("division by zero");
    if (__builtin_expect(a == -9223372036854775807L - 1 && b == -1, 0))
        fatal(2);
    return a / b;
}

unsigned popcount_loop(unsigned v) {
    unsigned c = 0;
    while (v) {
        c += v & 1u;
        v >>= 1;
    }
    return c;
}

int classify(double d) {
    if (d != d) return 0;
    if (d < 0) return -1;
    if (d == 0) return 2;
    return 1;
}
