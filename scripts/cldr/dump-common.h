// Helpers shared by the ICU data dumpers of this folder (dump-icu-numbers.c, dump-icu-plurals.c, dump-icu-units.c):
// fatal errors, JSON strings, sorting ids. Define DUMP_PROGRAM (the program's name) first.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/utypes.h>
#include <unicode/ustring.h>

static void die(const char *what, const char *where, UErrorCode st) {
    fprintf(stderr, DUMP_PROGRAM ": %s (%s): %s\n", what, where, u_errorName(st));
    exit(1);
}

// Writes a UTF-16 string as a JSON string.
static void put_ustr(const UChar *s, int32_t len) {
    char buf[4096];
    int32_t out = 0;
    UErrorCode st = U_ZERO_ERROR;
    u_strToUTF8(buf, sizeof buf, &out, s, len, &st);
    if (U_FAILURE(st)) die("u_strToUTF8", "", st);
    putchar('"');
    for (int32_t i = 0; i < out; i++) {
        unsigned char c = (unsigned char)buf[i];
        if (c == '"' || c == '\\') { putchar('\\'); putchar(c); }
        else if (c < 0x20) printf("\\u%04x", c);
        else putchar(c);
    }
    putchar('"');
}

// Writes an ASCII string as a JSON string.
static void put_str(const char *s) {
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') putchar('\\');
        putchar(*s);
    }
    putchar('"');
}

// qsort/bsearch comparison of C strings.
static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }
