/* kernels/perm_bits.h - the integer-only helpers perm() (noinline) and
 * bits(); shared by forward/int_helper_global.c and reverse/int_helper.c.
 * Kernels stay non-static and unchanged: the programs differentiate them by
 * name. */
#ifndef ENZYME_CORPUS_KERNELS_PERM_BITS_H
#define ENZYME_CORPUS_KERNELS_PERM_BITS_H

__attribute__((noinline)) int perm(int i, int n) { return (i * 5 + 3) % n; }

int bits(unsigned v) {
  int c = 0;
  while (v) {
    c += v & 1u;
    v >>= 1;
  }
  return c;
}

#endif /* ENZYME_CORPUS_KERNELS_PERM_BITS_H */
