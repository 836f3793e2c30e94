/* The attributes of Enzyme's clang plugin, for a clang without the plugin.
 *
 * `clang $(enzyme-opt --clang-flags) ...` force-includes this file.  Each attribute
 * Enzyme's plugin defines becomes clang's own `annotate`, which clang writes into the
 * module's `llvm.global.annotations`; enzyme-opt reads it there (docs/abi.md, "Activity
 * annotations").  Without it clang warns "unknown attribute ignored" and drops it, and
 * the program is differentiated as if the attribute were not there.
 *
 * Only the GNU spelling `__attribute__((enzyme_inactive))` is covered: a macro cannot
 * rename the C++11/C23 spellings `[[enzyme::inactive]]`.  Clang writes an annotation
 * only for what the file defines, so an attribute on the declaration of a function
 * defined elsewhere has no effect (enzyme-opt then refuses to differentiate a call of it
 * with active arguments, as for any function without a body).
 */
#ifndef ENZYME_OPT_ATTRIBUTES_H
#define ENZYME_OPT_ATTRIBUTES_H

/* A function whose calls carry no derivative, or a global that holds none. */
#define enzyme_inactive annotate("enzyme_inactive")
#define enzyme_inactive_noblock annotate("enzyme_inactive")
/* A function differentiated with the rule of a math function: enzyme_function_like("log1p"). */
#define enzyme_function_like(name) annotate("enzyme_function_like=" name)
/* A global whose derivative lives in another global: enzyme_shadow(g_shadow). */
#define enzyme_shadow(shadow) annotate("enzyme_shadow", &(shadow))
/* Hints that change no derivative: accepted. */
#define enzyme_nofree annotate("enzyme_nofree")
#define enzyme_shouldrecompute annotate("enzyme_shouldrecompute")
#define enzyme_notypeanalysis annotate("enzyme_ta_norecur")

#endif
