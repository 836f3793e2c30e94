/* Complex numbers, long double (x86_fp80), __int128, _Float16, __float128. */
#include <complex.h>

double _Complex cmul(double _Complex a, double _Complex b) { return a * b; }

double _Complex cdiv(double _Complex a, double _Complex b) { return a / b; }

float _Complex cf_conj_scale(float _Complex z, float s) { return conjf(z) * s; }

double cabs2(double _Complex z) { return creal(z) * creal(z) + cimag(z) * cimag(z); }

double _Complex cpoly(double _Complex z) {
    double _Complex acc = 1.0;
    for (int i = 0; i < 4; i++)
        acc = acc * z + (double)i * I;
    return acc;
}

long double ld_sum(const long double *x, int n) {
    long double s = 0.0L;
    for (int i = 0; i < n; i++)
        s += x[i] * 1.5L;
    return s;
}

long double ld_mix(double d, float f, long long k) { return (long double)d / f + k - 0.1L; }

__int128 mul_wide(long a, long b) { return (__int128)a * b; }

unsigned __int128 u128_ops(unsigned __int128 a, unsigned __int128 b) {
    unsigned __int128 r = a / (b | 1);
    r ^= a << 67;
    r += (unsigned __int128)0xffffffffffffffffULL * 3;
    return r % 1000000007;
}

int i128_cmp(__int128 a, __int128 b) { return a < b ? -1 : a > b; }

_Float16 h_add(_Float16 a, _Float16 b) { return a + b * (_Float16)0.5; }

float h_to_f(_Float16 h) { return (float)h; }

_Float16 h_sum(const _Float16 *x, int n) {
    _Float16 s = 0;
    for (int i = 0; i < n; i++)
        s += x[i];
    return s;
}

__float128 q_mul(__float128 a, __float128 b) { return a * b + (__float128)1; }

double conversions(long double ld, __int128 big, _Float16 h, unsigned long long u) {
    return (double)ld + (double)big + (double)h + (double)u;
}

long double ld_neg(long double x) { return -x; }

_Bool nan_check(long double x) { return x != x; }

double _Complex make_c(double re, double im) { return __builtin_complex(re, im); }

unsigned char bools(_Bool a, _Bool b) { return (unsigned char)(a && !b); }

signed char narrow(int x) { return (signed char)(x >> 3); }

unsigned long long sat_add(unsigned long long a, unsigned long long b) {
    unsigned long long r;
    return __builtin_add_overflow(a, b, &r) ? ~0ULL : r;
}

int clz_ctz(unsigned x, unsigned long long y) {
    return (x ? __builtin_clz(x) : 32) + (y ? __builtin_ctzll(y) : 64) + __builtin_popcount(x);
}

unsigned to_unsigned(double d, float f) { return (unsigned)d + (unsigned)f; }
