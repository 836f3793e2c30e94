; Found by the C++ fuzzer (seed 426 at -O2, std::vector<float>::erase): LLVM moved two floats
; as one i64 and read one back as trunc + bitcast. Preprocessing cannot retype a move that is
; cut apart, and an integer carries no derivative: x[5]'s gradient was silently lost in both
; modes. Now a one-line error (retyping such moves as <2 x float> is left for later).
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s
; RUN: sed -e 's/__enzyme_autodiff/__enzyme_fwddiff/' %s > %t.fwd.ll
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.fwd.ll -S -o %t.out | FileCheck %s
define float @f(ptr %x) {
  %lo = getelementptr inbounds i8, ptr %x, i64 16
  %hi = getelementptr inbounds i8, ptr %x, i64 20
  %pair = load i64, ptr %hi, align 4
  store i64 %pair, ptr %lo, align 4
  %bits = trunc i64 %pair to i32
  %v = bitcast i32 %bits to float
  %a = load float, ptr %x, align 4
  %r = fmul float %a, %v
  ret float %r
}
declare float @__enzyme_autodiff(ptr, ...)
define float @g(ptr %x, ptr %dx) {
  %d = call float (ptr, ...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx)
  ret float %d
}
; CHECK: enzyme-opt: error: in function @f, block %{{.*}}: floating-point values moved through integer memory accesses and split apart (i64 loaded, read back as float through bit operations) cannot be differentiated
