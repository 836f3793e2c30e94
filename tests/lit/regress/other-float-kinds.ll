; Regression (issue 9, llvm-stress fuzzing): derivatives on x86_fp80, fp128, half and bfloat
; values crashed with a traceback ("cannot spell a x86_fp80 constant") when a rule needed a
; constant of those types; they are now written in LLVM's hex forms (0xK, 0xL, 0xH, 0xR).
; RUN: enzyme-opt %s -S -o %t.ll
; RUN: opt -passes=verify -disable-output %t.ll
; RUN: lli %t.ll
; f(x) = x*x / 4 in each type, so f'(3) = 1.5 (exact in all four). Self-checking: exits 1
; when a derivative is wrong.
declare double @__enzyme_autodiff(ptr, ...)
declare double @__enzyme_fwddiff(ptr, ...)

define x86_fp80 @f80(x86_fp80 %x) {
  %m = fmul x86_fp80 %x, %x
  %d = fdiv x86_fp80 %m, 0xK40018000000000000000
  ret x86_fp80 %d
}
define fp128 @f128(fp128 %x) {
  %m = fmul fp128 %x, %x
  %d = fdiv fp128 %m, 0xL00000000000000004001000000000000
  ret fp128 %d
}
define half @fh(half %x) {
  %m = fmul half %x, %x
  %d = fdiv half %m, 0xH4400
  ret half %d
}
define bfloat @fb(bfloat %x) {
  %m = fmul bfloat %x, %x
  %d = fdiv bfloat %m, 0xR4080
  ret bfloat %d
}

; Without AVX512-BF16 (AMD Zen 3, for one) LLVM rounds a float to bfloat by calling
; __truncsfbf2, which Debian 12's libgcc (GCC 12) does not have: lli then stops with
; "Symbols not found: [ __truncsfbf2 ]". The test brings its own (round to nearest even;
; no NaNs here); where the CPU converts by itself, it is never called.
define bfloat @__truncsfbf2(float %x) {
  %bits = bitcast float %x to i32
  %upper = lshr i32 %bits, 16
  %odd = and i32 %upper, 1
  %bias = add i32 %odd, 32767
  %rounded = add i32 %bits, %bias
  %kept = lshr i32 %rounded, 16
  %half = trunc i32 %kept to i16
  %b = bitcast i16 %half to bfloat
  ret bfloat %b
}

define i32 @main() {
  %r80 = call x86_fp80 (ptr, ...) @__enzyme_autodiff(ptr @f80, x86_fp80 0xK4000C000000000000000)
  %t80 = call x86_fp80 (ptr, ...) @__enzyme_fwddiff(ptr @f80, x86_fp80 0xK4000C000000000000000, x86_fp80 0xK3FFF8000000000000000)
  %r128 = call fp128 (ptr, ...) @__enzyme_autodiff(ptr @f128, fp128 0xL00000000000000004000800000000000)
  %rh = call half (ptr, ...) @__enzyme_autodiff(ptr @fh, half 0xH4200)
  %th = call half (ptr, ...) @__enzyme_fwddiff(ptr @fh, half 0xH4200, half 0xH3C00)
  %rb = call bfloat (ptr, ...) @__enzyme_autodiff(ptr @fb, bfloat 0xR4040)
  %a = fcmp une x86_fp80 %r80, 0xK3FFFC000000000000000
  %b = fcmp une x86_fp80 %t80, 0xK3FFFC000000000000000
  %c = fcmp une fp128 %r128, 0xL00000000000000003FFF800000000000
  %d = fcmp une half %rh, 0xH3E00
  %e = fcmp une half %th, 0xH3E00
  %f = fcmp une bfloat %rb, 0xR3FC0
  %ab = or i1 %a, %b
  %cd = or i1 %c, %d
  %ef = or i1 %e, %f
  %abcd = or i1 %ab, %cd
  %bad = or i1 %abcd, %ef
  %rc = zext i1 %bad to i32
  ret i32 %rc
}
