// -enzyme-vectorize-at-leaf-nodes: what its layout (each float of the shadow memory
// stretched into W lanes side by side) cannot say exactly is refused in one line, naming
// the construct, the function and the source line; never a derivative from a guess.
// Pointers in shadow memory (a linked list: where would a node's shadow pointer go?):
// RUN: clang -O1 -g -S -emit-llvm -DLIST %s -o %t.list.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.list.ll -enzyme-vectorize-at-leaf-nodes -S -o %t.out | FileCheck %s --check-prefix=LIST
// LIST: enzyme-opt: error: {{.*}}leaf-nodes-refused.c:{{[0-9]+}}, in function @sum_list: parameter 1 of @sum_list points to memory the program accesses as ptr as well as floats: its shadow is not supported with -enzyme-vectorize-at-leaf-nodes (only floats have lanes there)
// Integers mixed with floats in a struct (Enzyme stretches only the float leaves):
// RUN: clang -O0 -g -S -emit-llvm -DMIXED %s -o %t.mixed.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.mixed.ll -enzyme-vectorize-at-leaf-nodes -S -o %t.out | FileCheck %s --check-prefix=MIXED
// MIXED: enzyme-opt: error: {{.*}}leaf-nodes-refused.c:{{[0-9]+}}, in function @weighted: parameter 1 of @weighted points to memory the program accesses as i32 as well as floats: its shadow is not supported with -enzyme-vectorize-at-leaf-nodes (only floats have lanes there)
// One field of such a struct, reached through a byte offset: at -O0 the GEP as written is
// over the struct; at -O2 clang's TBAA tag says which struct the load is in:
// RUN: clang -O0 -g -S -emit-llvm -DFIELD %s -o %t.field0.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.field0.ll -enzyme-vectorize-at-leaf-nodes -S -o %t.out | FileCheck %s --check-prefix=FIELD0
// FIELD0: enzyme-opt: error: {{.*}}leaf-nodes-refused.c:{{[0-9]+}}, in function @price_squared: a getelementptr over %struct.item into shadow memory (pointers or integers mixed with floats) is not supported with -enzyme-vectorize-at-leaf-nodes
// RUN: clang -O2 -g -S -emit-llvm -DFIELD %s -o %t.field2.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.field2.ll -enzyme-vectorize-at-leaf-nodes -S -o %t.out | FileCheck %s --check-prefix=FIELD2
// FIELD2: enzyme-opt: error: {{.*}}leaf-nodes-refused.c:{{[0-9]+}}, in function @price_squared: a load of a field of the struct item, which holds double, int, in shadow memory (only floats have lanes there) is not supported with -enzyme-vectorize-at-leaf-nodes
// Reverse mode has no such layout:
// RUN: clang -O1 -S -emit-llvm -DREVERSE %s -o %t.rev.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.rev.ll -enzyme-vectorize-at-leaf-nodes -S -o %t.out | FileCheck %s --check-prefix=REVERSE
// REVERSE: enzyme-opt: error: {{.*}}-enzyme-vectorize-at-leaf-nodes with enzyme_width 2 is supported in forward mode (__enzyme_fwddiff) only, not in __enzyme_autodiff
// A width that is not a power of two (Enzyme's <3 x double> groups are padded to 32 bytes,
// its memcpy of shadow memory scales by 3: no one layout):
// RUN: clang -O1 -S -emit-llvm -DWIDTH3 %s -o %t.w3.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.w3.ll -enzyme-vectorize-at-leaf-nodes -S -o %t.out | FileCheck %s --check-prefix=WIDTH3
// WIDTH3: enzyme-opt: error: {{.*}}-enzyme-vectorize-at-leaf-nodes at enzyme_width 3 is not supported: Enzyme's <3 x double> groups are padded to a power of two while its memcpy scales by 3, so the layout is not one (use a power-of-two width)

extern int enzyme_width, enzyme_dup, enzyme_const;
extern void __enzyme_fwddiff(void *, ...);
extern void __enzyme_autodiff(void *, ...);

struct node { double value; struct node *next; };
double sum_list(const struct node *n) {
  double total = 0;
  for (; n; n = n->next)
    total += n->value * n->value;
  return total;
}

struct item { int count; double price; };
double weighted(const struct item *items, int n) {
  double total = 0;
  for (int i = 0; i < n; i++)
    total += items[i].count * items[i].price;
  return total;
}

double price_squared(const struct item *it) { return it->price * it->price; }

double square(const double *x) { return x[0] * x[0]; }

void call(struct node *l, struct node *dl, struct item *it, struct item *dit, double *x,
          double *dx, double *out) {
#ifdef LIST
  __enzyme_fwddiff((void *)sum_list, enzyme_width, 2, enzyme_dup, l, dl);
#endif
#ifdef MIXED
  __enzyme_fwddiff((void *)weighted, enzyme_width, 2, enzyme_dup, it, dit, enzyme_const, 3);
#endif
#ifdef FIELD
  __enzyme_fwddiff((void *)price_squared, enzyme_width, 2, enzyme_dup, it, dit);
#endif
#ifdef REVERSE
  __enzyme_autodiff((void *)square, enzyme_width, 2, enzyme_dup, x, dx);
#endif
#ifdef WIDTH3
  __enzyme_fwddiff((void *)square, enzyme_width, 3, enzyme_dup, x, dx);
#endif
}
