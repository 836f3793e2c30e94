; Reverse mode on a scalable vector (<vscale x 2 x double>) that the reverse sweep needs
; (the other factor of a product): tape records have a layout fixed at compile time, so it
; is refused in one line instead of recording only its first 16 bytes. Forward mode needs
; no tape and works (second RUN line).
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s
; RUN: sed -e "s/__enzyme_autodiff(ptr @f/__enzyme_fwddiff(ptr @f/" %s | enzyme-opt - -S | FileCheck %s --check-prefix=FWD
define void @f(ptr %x, ptr %y) {
  %a = load <vscale x 2 x double>, ptr %x
  %m = fmul <vscale x 2 x double> %a, %a
  store <vscale x 2 x double> %m, ptr %y
  ret void
}
declare void @__enzyme_autodiff(ptr, ...)
declare void @__enzyme_fwddiff(ptr, ...)
define void @g(ptr %x, ptr %dx, ptr %y, ptr %dy) {
  call void (ptr, ...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx, ptr %y, ptr %dy)
  ret void
}
; CHECK: enzyme-opt: error: in function @f, block %{{.*}}: reverse mode cannot save %a (a scalable vector, <vscale x 2 x double>) for the reverse sweep: its size is known only at run time
; FWD: define internal void @fwddiffef(
; FWD: fmul <vscale x 2 x double>
