// FLAGS: -ffast-math
/* Fast-math flags on fp ops and calls; math intrinsics. */
#include <math.h>

double norm2(const double *v, int n) {
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += v[i] * v[i];
    return sqrt(s);
}

float softplus(float x) { return logf(1.0f + expf(x)); }

double poly(double x) {
    return ((((0.5 * x + 1.25) * x - 3.0) * x + 2.0) * x - 1.0) / (x * x + 1.0);
}

void normalize(float *v, int n) {
    float s = 0.0f;
    for (int i = 0; i < n; i++)
        s += v[i] * v[i];
    float inv = 1.0f / sqrtf(s);
    for (int i = 0; i < n; i++)
        v[i] *= inv;
}

double sum_sin(const double *x, int n) {
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += sin(x[i]) * cos(x[i]);
    return s;
}

double safe_ratio(double a, double b) {
    if (b == 0.0 || a > 1e300)
        return 0.0;
    return a / b;
}

float minmax(const float *x, int n, float *out_max) {
    float lo = x[0], hi = x[0];
    for (int i = 1; i < n; i++) {
        lo = fminf(lo, x[i]);
        hi = fmaxf(hi, x[i]);
    }
    *out_max = hi;
    return lo;
}

double powsum(double b, int n) {
    double acc = 0.0;
    for (int i = 0; i < n; i++)
        acc += pow(b, (double)i) - fabs(b - i);
    return -acc;
}

double hypot3(double x, double y, double z) {
    return sqrt(x * x + y * y + z * z) + fma(x, y, z) + floor(z) + copysign(1.0, x);
}

double rsqrt_mean(const double *x, int n) {
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += 1.0 / sqrt(x[i]);
    return s / n;
}

double wrap_angle(double a) { return fmod(a, 6.283185307179586) - remainder(a, 1.0); }
