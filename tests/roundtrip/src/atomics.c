// FLAGS: -Wno-atomic-alignment
/* C11 atomics and __atomic/__sync builtins, thread-locals. */
#include <stdatomic.h>
#include <stdbool.h>

_Atomic int g_counter;
atomic_long g_total;
static _Thread_local int tl_depth;
__thread unsigned long tl_seed = 12345;
int g_plain;

int bump(void) { return atomic_fetch_add(&g_counter, 1) + 1; }

long add_total(long v) {
    return atomic_fetch_add_explicit(&g_total, v, memory_order_relaxed);
}

bool try_claim(_Atomic int *slot, int expected, int desired) {
    return atomic_compare_exchange_strong(slot, &expected, desired);
}

bool weak_claim(int *slot, int desired) {
    int expected = 0;
    return __atomic_compare_exchange_n(slot, &expected, desired, 1,
                                       __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

int exchange(int *p, int v) { return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST); }

int load_acquire(const int *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }

void store_release(int *p, int v) { __atomic_store_n(p, v, __ATOMIC_RELEASE); }

void fences(void) {
    atomic_thread_fence(memory_order_seq_cst);
    atomic_signal_fence(memory_order_acquire);
    __atomic_thread_fence(__ATOMIC_RELEASE);
}

unsigned mix(unsigned *p, unsigned v) {
    unsigned a = __atomic_fetch_and(p, v, __ATOMIC_RELAXED);
    unsigned o = __atomic_fetch_or(p, v << 1, __ATOMIC_RELAXED);
    unsigned x = __atomic_fetch_xor(p, 0x5a5a, __ATOMIC_RELAXED);
    unsigned s = __atomic_sub_fetch(p, 3, __ATOMIC_SEQ_CST);
    unsigned m = __atomic_fetch_max(p, 100u, __ATOMIC_RELAXED);
    unsigned n = __atomic_fetch_min(p, 7u, __ATOMIC_RELAXED);
    unsigned nd = __atomic_fetch_nand(p, 1u, __ATOMIC_RELAXED);
    return a + o + x + s + m + n + nd;
}

int sync_ops(int *p) {
    int old = __sync_fetch_and_add(p, 5);
    __sync_synchronize();
    return old + __sync_val_compare_and_swap(p, old + 5, 0);
}

float atomic_float_add(_Atomic float *f, float v) { return atomic_fetch_add(f, v); }

double atomic_double_update(_Atomic double *d) {
    double cur = atomic_load(d);
    while (!atomic_compare_exchange_weak(d, &cur, cur * 0.5 + 1.0))
        ;
    return cur;
}

int recurse_tl(int n) {
    tl_depth++;
    int r = n > 0 ? recurse_tl(n - 1) + tl_depth : 0;
    tl_depth--;
    return r;
}

unsigned long next_rand(void) {
    tl_seed = tl_seed * 6364136223846793005UL + 1442695040888963407UL;
    return tl_seed >> 33;
}

void spin_lock(atomic_flag *f) {
    while (atomic_flag_test_and_set_explicit(f, memory_order_acquire))
        ;
}

void spin_unlock(atomic_flag *f) { atomic_flag_clear_explicit(f, memory_order_release); }

__int128 wide_load(__int128 *p) { return __atomic_load_n(p, __ATOMIC_SEQ_CST); }

typedef int __attribute__((address_space(256))) gs_int;

int gs_read(const gs_int *p) { return p[1]; }

int gs_cast_read(int *p) { return *(gs_int *)p + gs_read((const gs_int *)p); }
