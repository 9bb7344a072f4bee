/*
** libedit (Debian's libedit-dev, pkg-config libedit) through its readline-compatible interface:
** line editing, history and completion for `ripple repl`.
*/
#ifndef RIPPLE_CEDIT_SHIM_H
#define RIPPLE_CEDIT_SHIM_H
#include <stdio.h>
#include <editline/readline.h>

/*
** The C library's streams and libedit's settings are C global variables, which Swift 6's strict
** concurrency checking refuses to read or write directly: `ripple` (one thread) goes through these.
*/
static inline FILE *ripple_stdin(void) { return stdin; }
static inline FILE *ripple_stdout(void) { return stdout; }
static inline FILE *ripple_stderr(void) { return stderr; }
static inline void ripple_configure_completion(const char *breakCharacters, rl_compentry_func_t *entry) {
    rl_basic_word_break_characters = breakCharacters;
    rl_completion_append_character = 0;
    rl_completion_entry_function = entry;
}
#endif
