/* Loops that -O3 vectorizes: float/double, reductions, saxpy, fneg, select. */
#include <stddef.h>

void saxpy(float *restrict y, const float *restrict x, float a, size_t n) {
    for (size_t i = 0; i < n; i++)
        y[i] = a * x[i] + y[i];
}

void daxpy(double *restrict y, const double *restrict x, double a, int n) {
    for (int i = 0; i < n; i++)
        y[i] += a * x[i];
}

float sum_f(const float *x, int n) {
    float s = 0.0f;
    for (int i = 0; i < n; i++)
        s += x[i];
    return s;
}

double dot(const double *a, const double *b, size_t n) {
    double s = 0.0;
    for (size_t i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}

int sum_i(const int *x, int n) {
    int s = 0;
    for (int i = 0; i < n; i++)
        s += x[i];
    return s;
}

int max_i(const int *x, int n) {
    int m = x[0];
    for (int i = 1; i < n; i++)
        m = x[i] > m ? x[i] : m;
    return m;
}

void negate_all(double *restrict out, const double *restrict in, int n) {
    for (int i = 0; i < n; i++)
        out[i] = -in[i];
}

void relu(float *x, int n) {
    for (int i = 0; i < n; i++)
        x[i] = x[i] > 0.0f ? x[i] : 0.0f;
}

void scale_conv(double *restrict out, const float *restrict in, double s, int n) {
    for (int i = 0; i < n; i++)
        out[i] = (double)in[i] * s;
}

void int_to_float(float *restrict out, const short *restrict in, int n) {
    for (int i = 0; i < n; i++)
        out[i] = (float)in[i] + 0.5f;
}

void stencil(double *restrict out, const double *restrict in, int n) {
    for (int i = 1; i < n - 1; i++)
        out[i] = 0.25 * in[i - 1] + 0.5 * in[i] + 0.25 * in[i + 1];
}

unsigned char clamp_u8_sum(const unsigned char *a, const unsigned char *b,
                           unsigned char *restrict out, int n) {
    unsigned char any = 0;
    for (int i = 0; i < n; i++) {
        unsigned s = (unsigned)a[i] + b[i];
        out[i] = s > 255 ? 255 : (unsigned char)s;
        any |= out[i];
    }
    return any;
}

void matvec(double *restrict y, const double *restrict A, const double *restrict x,
            int rows, int cols) {
    for (int r = 0; r < rows; r++) {
        double acc = 0.0;
        for (int c = 0; c < cols; c++)
            acc += A[r * cols + c] * x[c];
        y[r] = acc;
    }
}

long count_positive(const double *x, long n) {
    long c = 0;
    for (long i = 0; i < n; i++)
        c += x[i] > 0.0;
    return c;
}

double aligned_sum(const double *p, int n) {
    const double *a = __builtin_assume_aligned(p, 64);
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}
