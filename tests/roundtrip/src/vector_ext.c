// FLAGS: -mavx2 -mfma
/* GCC/clang vector extensions, shufflevector, extract/insertelement. */
typedef double v4d __attribute__((vector_size(32)));
typedef float v8f __attribute__((vector_size(32)));
typedef float v4f __attribute__((vector_size(16)));
typedef int v4i __attribute__((vector_size(16)));
typedef long long v2l __attribute__((vector_size(16)));
typedef unsigned char v16u8 __attribute__((vector_size(16)));
typedef float float4 __attribute__((ext_vector_type(4)));

v4d add4(v4d a, v4d b) { return a + b; }

v4d fma4(v4d a, v4d b, v4d c) { return a * b + c; }

v4d reverse4(v4d a) { return __builtin_shufflevector(a, a, 3, 2, 1, 0); }

v4d interleave_lo(v4d a, v4d b) { return __builtin_shufflevector(a, b, 0, 4, 1, 5); }

v8f widen(v4f a, v4f b) { return __builtin_shufflevector(a, b, 0, 1, 2, 3, 4, 5, 6, 7); }

v4f low_half(v8f a) { return __builtin_shufflevector(a, a, 0, 1, 2, 3); }

double hsum(v4d a) { return a[0] + a[1] + a[2] + a[3]; }

v4d set_lane(v4d a, int i, double x) {
    a[i & 3] = x;
    return a;
}

v4i compare(v4i a, v4i b) { return a > b; }

v4i select_max(v4i a, v4i b) {
    v4i m = a > b;
    return (a & m) | (b & ~m);
}

v2l shifts(v2l a, v2l s) { return (a << s) ^ (a >> 1); }

v16u8 bytes_avg(v16u8 a, v16u8 b) { return (a >> 1) + (b >> 1) + (a & b & 1); }

v4f convert(v4i a) { return __builtin_convertvector(a, v4f); }

v4d splat(double x) { return (v4d){x, x, x, x}; }

v4d scale_loop(const v4d *in, v4d *out, int n, double s) {
    v4d acc = splat(0.0);
    for (int i = 0; i < n; i++) {
        out[i] = in[i] * s;
        acc += out[i];
    }
    return acc;
}

float4 swizzle(float4 a) { return a.wzyx + a.xxyy; }

float dot4(float4 a, float4 b) {
    float4 p = a * b;
    return p.x + p.y + p.z + p.w;
}

v4f neg(v4f a) { return -a; }

v4d dmin(v4d a, v4d b) { return __builtin_elementwise_min(a, b); }

int reduce_i(v4i a) { return __builtin_reduce_add(a) + __builtin_reduce_max(a); }
