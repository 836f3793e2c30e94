; The bits of an active float, taken from a register (not loaded from memory), moved as
; integers and turned back into a float: a bit trick (here: setting the last bit of the
; mantissa; fabs as a mask becomes llvm.fabs in preprocessing, and works), or halves of a
; double shuffled between GPU threads other than as CUDA's __shfl_*_sync(double) does (here
; by different distances; CUDA's own idiom becomes one shuffle of the double: see
; gpu/warp-shuffle.cu). The integers carry no derivative: before this refusal such code was
; differentiated silently without the moved part (a warp reduction of doubles lost every
; lane's contribution but its own). Refused in one line, in both modes.
; RUN: split-file %s %t
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t/mask.ll -S -o %t.out | FileCheck %s
; RUN: sed -e 's/__enzyme_autodiff(ptr @f, double %x)/__enzyme_fwddiff(ptr @f, double %x, double 1.0)/' %t/mask.ll > %t/mask.fwd.ll
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t/mask.fwd.ll -S -o %t.out | FileCheck %s
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t/shuffle.ll -S -o %t.out | FileCheck %s

;--- mask.ll
define double @f(double %x) {
  %y = fmul double %x, %x
  %bits = bitcast double %y to i64
  %odd = or i64 %bits, 1
  %v = bitcast i64 %odd to double
  ret double %v
}
declare double @__enzyme_autodiff(ptr, ...)
declare double @__enzyme_fwddiff(ptr, ...)
define double @g(double %x) {
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double %x)
  ret double %d
}

;--- shuffle.ll
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
define double @f(double %x) {
  %v = fmul double %x, %x
  %bits = bitcast double %v to i64
  %lo = trunc i64 %bits to i32
  %high = lshr i64 %bits, 32
  %hi = trunc i64 %high to i32
  %lo.s = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %lo, i32 16, i32 31)
  %hi.s = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %hi, i32 8, i32 31)
  %hi.w = zext i32 %hi.s to i64
  %hi.p = shl i64 %hi.w, 32
  %lo.w = zext i32 %lo.s to i64
  %joined = or disjoint i64 %hi.p, %lo.w
  %other = bitcast i64 %joined to double
  %sum = fadd double %v, %other
  ret double %sum
}
declare double @__enzyme_autodiff(ptr, ...)
define double @g(double %x) {
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double %x)
  ret double %d
}

; CHECK: enzyme-opt: error: in function @f, block %{{.*}}: the bits of an active double move as integers and come back as double (a bit trick, or a double shuffled between GPU threads as two 32-bit halves): its derivative would be lost; use floating-point operations, and shuffle floats
