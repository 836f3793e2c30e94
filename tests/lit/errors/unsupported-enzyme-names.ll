; Things named for Enzyme that enzyme-opt does not implement are refused,
; one line each, never passed through as if they meant nothing.
; RUN: split-file %s %t
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t/function.ll -S -o %t.out | FileCheck %s --check-prefix=FUNCTION
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t/annotation.ll -S -o %t.out | FileCheck %s --check-prefix=ANNOTATION
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t/metadata.ll -S -o %t.out | FileCheck %s --check-prefix=METADATA
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t/attribute.ll -S -o %t.out | FileCheck %s --check-prefix=ATTRIBUTE
; FUNCTION: enzyme-opt: error: {{.*}}: the function @__enzyme_truncate_mem_func is named for Enzyme but not supported by enzyme-opt
; ANNOTATION: enzyme-opt: error: {{.*}}: the annotation annotate("enzyme_elementwise_read") is not supported by enzyme-opt
; METADATA: enzyme-opt: error: {{.*}}: the metadata !enzyme_sparse on @f is named for Enzyme but not supported by enzyme-opt
; ATTRIBUTE: enzyme-opt: error: {{.*}}: the attribute "enzyme_sparse_accumulate" of @f is named for Enzyme but not supported by enzyme-opt
;--- function.ll
declare ptr @__enzyme_truncate_mem_func(ptr, i64, i64)
define void @f(ptr %p) {
  %t = call ptr @__enzyme_truncate_mem_func(ptr %p, i64 64, i64 32)
  ret void
}
;--- annotation.ll
@.str = private constant [24 x i8] c"enzyme_elementwise_read\00", section "llvm.metadata"
@.file = private constant [4 x i8] c"f.c\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @f, ptr @.str, ptr @.file, i32 1, ptr null }], section "llvm.metadata"
define double @f(double %x) {
  ret double %x
}
;--- metadata.ll
define double @f(double %x) !enzyme_sparse !0 {
  ret double %x
}
!0 = !{}
;--- attribute.ll
define double @f(double %x) #0 {
  ret double %x
}
attributes #0 = { "enzyme_sparse_accumulate" }
