; LLVM aborts (exit 134) when the back end meets an operation it has no
; instruction for.  enzyme-opt generates code in a child process: such a
; kernel gives one line naming what could not be selected, exit 1 and no
; output file.  Intrinsics NVPTX cannot select but libdevice provides
; (llvm.sin.f64, llvm.exp.v2f64, llvm.cos.f16 via float) become libdevice
; calls first, so that kernel compiles and ptxas accepts it.
; REQUIRES: ptxas
; RUN: split-file %s %t
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t/foreign.ll --emit asm -o %t/foreign.ptx | FileCheck %s --check-prefix=FOREIGN
; RUN: enzyme-opt %t/math.ll --emit asm -o %t/math.ptx
; RUN: ptxas -arch=sm_80 %t/math.ptx -o %t/math.cubin
; RUN: FileCheck %s --check-prefix=MATH < %t/math.ptx

; FOREIGN: enzyme-opt: error: {{.*}}foreign.ll: LLVM cannot generate code: Cannot select: intrinsic %llvm.amdgcn.workitem.id.x
; MATH-NOT: .extern
; MATH: .visible .entry k(

;--- foreign.ll
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.amdgcn.workitem.id.x()
define ptx_kernel void @k(ptr %p) {
  %x = call i32 @llvm.amdgcn.workitem.id.x()
  store i32 %x, ptr %p
  ret void
}

;--- math.ll
target triple = "nvptx64-nvidia-cuda"
declare double @llvm.sin.f64(double)
declare <2 x double> @llvm.exp.v2f64(<2 x double>)
declare half @llvm.cos.f16(half)
define ptx_kernel void @k(ptr %p) {
  %x = load double, ptr %p
  %y = call double @llvm.sin.f64(double %x)
  store double %y, ptr %p
  %v = load <2 x double>, ptr %p
  %w = call <2 x double> @llvm.exp.v2f64(<2 x double> %v)
  store <2 x double> %w, ptr %p
  %h = load half, ptr %p
  %c = call half @llvm.cos.f16(half %h)
  store half %c, ptr %p
  ret void
}
