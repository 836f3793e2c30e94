// The IR of a virtual call in differentiated code (docs/abi.md, "Shadows of
// functions"): the shadow vtable @_ZTV….shadow has the vtable's layout, its RTTI
// copied and its function slot holding the method's table; the table
// {augment, reverse, forward} is one global per function, its three functions
// written with Enzyme's entry points (then lowered); __enzyme_virtualreverse of
// the vtable address point is the same address point in the shadow. The
// augmented sweep takes the shadow object's slot (or, when it holds no table,
// the table of the method the primal object holds), checks it, calls slot 0 and
// tapes the opaque tape; the reverse sweep calls slot 1 with it.
// RUN: clang -O2 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -S -o - | FileCheck %s
extern "C" double __enzyme_autodiff(void *, ...);
extern "C" int enzyme_dup;
template <typename T> T __enzyme_virtualreverse(T);

struct Object {
  virtual double eval(double v) = 0;
  double val;
};
struct Object1 : Object {
  double eval(double v) { return val * v; }
};

double eval(Object &o, double v) { return o.eval(v); }

double deval(Object &o, Object &d_o, double v) {
  return __enzyme_autodiff((void *)eval, enzyme_dup, &o, &d_o, v);
}

Object *shadow_object() {
  Object *d_o = new Object1();
  *((void **)d_o) = __enzyme_virtualreverse(*(void **)d_o);
  return d_o;
}

// CHECK-DAG: @_ZTV7Object1.shadow = internal unnamed_addr constant { [3 x ptr] } { [3 x ptr] [ptr null, ptr @_ZTI7Object1, ptr @_ZN7Object14evalEd.shadow_table] }
// CHECK-DAG: @_ZTV7Object1 = {{.*}}, !enzyme_shadow ![[SHADOW:[0-9]+]]
// CHECK-DAG: @_ZN7Object14evalEd.shadow_table = internal unnamed_addr constant [3 x ptr] [ptr @_ZN7Object14evalEd.shadow_table.augment, ptr @_ZN7Object14evalEd.shadow_table.reverse, ptr @_ZN7Object14evalEd.shadow_table.forward]

// CHECK-LABEL: define {{.*}}@_Z13shadow_objectv()
// CHECK: store ptr getelementptr inbounds (i8, ptr @_ZTV7Object1.shadow, i64 16)

// augment(this, v, shadow of this) -> {result, tape}; reverse(this, v, shadow, d_result, tape) -> dv;
// forward(this, v, shadow of this, tangent of v) -> {result, d_result}
// CHECK-LABEL: define internal { double, ptr } @_ZN7Object14evalEd.shadow_table.augment(ptr %0, double %1, ptr %2)
// CHECK-LABEL: define internal double @_ZN7Object14evalEd.shadow_table.reverse(ptr %0, double %1, ptr %2, double %3, ptr %4)
// CHECK-LABEL: define internal { double, double } @_ZN7Object14evalEd.shadow_table.forward(ptr %0, double %1, ptr %2, double %3)

// CHECK-LABEL: define internal double @augmented__Z4evalR6Objectd(ptr %0, ptr %1, double %2, ptr %tape)
// CHECK: %[[VT:[0-9]+]] = load ptr, ptr %1
// CHECK: %[[SLOTSHADOW:[0-9]+]] = load ptr, ptr %[[VT]]
// A shadow object left with the primal's vtable (or none) calls the table of the
// method the primal's vtable holds, looked up among the functions with tables.
// CHECK: %[[IS:[0-9]+]] = icmp eq ptr %[[METHOD:[0-9]+]], @_ZN7Object14evalEd
// CHECK: %[[LOOKUP:.*]] = select i1 %[[IS]], ptr @_ZN7Object14evalEd.shadow_table, ptr null
// CHECK: %shadow.not.a.table = or i1
// CHECK: %[[TABLE:.*]] = select i1 %shadow.not.a.table, ptr %[[LOOKUP]], ptr %[[SLOTSHADOW]]
// CHECK: %[[NULL:.*]] = icmp eq ptr %[[TABLE]], null
// CHECK: %[[SELF:.*]] = icmp eq ptr %[[TABLE]], %[[METHOD]]
// CHECK: %not.a.table = or i1 %[[NULL]], %[[SELF]]
// CHECK: call void @enzyme_opt.stop_if(i1 %not.a.table, ptr @enzyme_opt.null_table_message, i64 {{[0-9]+}})
// CHECK: %augment = load ptr, ptr %[[TABLE]]
// CHECK: %augmented = call { double, ptr } %augment(ptr %0, double %2, ptr %1)
// CHECK: %indirect.tape = extractvalue { double, ptr } %augmented, 1

// CHECK-LABEL: define internal double @reverse__Z4evalR6Objectd(
// CHECK: %[[SLOT:[0-9]+]] = getelementptr ptr, ptr %{{[0-9a-z_.]+}}, i64 1
// CHECK: %reverse = load ptr, ptr %[[SLOT]]
// CHECK: %indirect.gradients = call double %reverse(ptr %0, double %2, ptr %1, double %{{.*}}, ptr %{{.*}})

// CHECK-LABEL: define internal void @enzyme_opt.stop_if(i1 %0, ptr %1, i64 %2)
// CHECK: call i64 @write(i32 2, ptr %1, i64 %2)
// CHECK-NEXT: call void @abort()

// CHECK: ![[SHADOW]] = !{ptr @_ZTV7Object1.shadow}
