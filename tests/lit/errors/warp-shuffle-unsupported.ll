; Warp shuffles the rules do not cover are refused in one line, in both modes, never
; differentiated wrong: a shuffle whose lane bound is not the constant CUDA passes (here a
; run-time width), and a broadcast (shfl.sync.idx, __shfl_sync) from a lane that is not a
; constant, whose adjoint would be a sum over the lanes that read each lane.
; RUN: split-file %s %t
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t/bound.ll -S -o %t.out | FileCheck %s --check-prefix=BOUND
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t/bound-fwd.ll -S -o %t.out | FileCheck %s --check-prefix=BOUND
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t/idx.ll -S -o %t.out | FileCheck %s --check-prefix=IDX

;--- bound.ll
target triple = "nvptx64-nvidia-cuda"
declare float @llvm.nvvm.shfl.sync.down.f32(i32, float, i32, i32)
declare void @__enzyme_autodiff(ptr, ...)

define float @f(float %v, i32 %c) {
  %r = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %v, i32 1, i32 %c)
  ret float %r
}

define void @g(float %v, i32 %c) {
  call void (ptr, ...) @__enzyme_autodiff(ptr @f, float %v, i32 %c)
  ret void
}
; BOUND: enzyme-opt: error: {{.*}}a warp shuffle (down) whose lane bound is not the constant CUDA's __shfl_down_sync passes: its derivative is not supported

;--- bound-fwd.ll
target triple = "nvptx64-nvidia-cuda"
declare float @llvm.nvvm.shfl.sync.down.f32(i32, float, i32, i32)
declare float @__enzyme_fwddiff(ptr, ...)

define float @f(float %v, i32 %c) {
  %r = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %v, i32 1, i32 %c)
  ret float %r
}

define float @g(float %v, i32 %c) {
  %d = call float (ptr, ...) @__enzyme_fwddiff(ptr @f, float %v, float 1.0, i32 %c)
  ret float %d
}

;--- idx.ll
target triple = "nvptx64-nvidia-cuda"
declare float @llvm.nvvm.shfl.sync.idx.f32(i32, float, i32, i32)
declare void @__enzyme_autodiff(ptr, ...)

define float @f(float %v, i32 %lane) {
  %r = call float @llvm.nvvm.shfl.sync.idx.f32(i32 -1, float %v, i32 %lane, i32 31)
  ret float %r
}

define void @g(float %v, i32 %lane) {
  call void (ptr, ...) @__enzyme_autodiff(ptr @f, float %v, i32 %lane)
  ret void
}
; IDX: enzyme-opt: error: {{.*}}a broadcast (__shfl_sync) whose source lane is not a constant, or over part of a warp: its derivative (a sum over the lanes that read each lane) is not supported
