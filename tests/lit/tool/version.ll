; Sanity: the enzyme-opt console script is installed and reports itself.
; RUN: enzyme-opt --version | FileCheck %s
; CHECK: enzyme-opt
