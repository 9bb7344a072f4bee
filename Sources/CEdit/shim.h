/*
** libedit (Debian's libedit-dev, pkg-config libedit) through its readline-compatible interface:
** line editing, history and completion for `ripple repl`.
*/
#ifndef RIPPLE_CEDIT_SHIM_H
#define RIPPLE_CEDIT_SHIM_H
#include <stdio.h>
#include <editline/readline.h>
#endif
