// Dumps, as JSON for scripts/gen-number-patterns.py, the number patterns of the system ICU's
// main locale tree that the Foundation backend applies itself so that a phone prints what ICU 72
// prints on a server:
//
//   gcc -O1 -o /tmp/dump-icu-numbers scripts/cldr/dump-icu-numbers.c $(pkg-config --cflags --libs icu-uc icu-i18n)
//   /tmp/dump-icu-numbers > scripts/cldr/numbers.json
//
// For every bundle of the main tree, only what the bundle defines itself (`ures_openDirect`, no
// inheritance; the runtime walks the fallback chain as ICU does), in the `latn` numbering system:
//   long         NumberElements/latn/patternsLong/decimalFormat: power of ten ("1000") →
//                plural keyword (or "0"/"1" for an explicit value) → pattern ("0 mil")
//   short        NumberElements/latn/patternsShort/decimalFormat, the same shape (ICU's
//                fallback when no bundle of the chain has long patterns)
//   percent      NumberElements/latn/patterns/percentFormat ("#,##0 %")
//   percentSign  NumberElements/latn/symbols/percentSign ("%")
// Also: `localeAliases` (the main tree's `%%ALIAS` ids and the bundle ures_open loads for them)
// and `parents` (`%%Parent`), which the generator checks against the unit tree's and plurals.json's.
// Output keys are sorted (ICU's tables are sorted by key), so the output is reproducible.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/utypes.h>
#include <unicode/uloc.h>
#include <unicode/ures.h>
#include <unicode/uversion.h>
#include <unicode/ulocdata.h>
#include <unicode/ustring.h>
#define DUMP_PROGRAM "dump-icu-numbers"
#include "dump-common.h"


// The resource at a path of keys in a bundle's own data, or NULL. An alias is refused (the
// generator would have to follow it).
static UResourceBundle *get_path(UResourceBundle *b, const char *path, const char *where) {
    char buf[256];
    snprintf(buf, sizeof buf, "%s", path);
    UResourceBundle *cur = NULL;
    UResourceBundle *parent = b;
    for (char *key = strtok(buf, "/"); key; key = strtok(NULL, "/")) {
        UErrorCode st = U_ZERO_ERROR;
        UResourceBundle *next = ures_getByKey(parent, key, NULL, &st);
        if (cur) ures_close(cur);
        if (st == U_MISSING_RESOURCE_ERROR) { ures_close(next); return NULL; }
        if (U_FAILURE(st)) die(path, where, st);
        if (strcmp(ures_getKey(next), key) != 0) die("an alias on the path", where, U_UNSUPPORTED_ERROR);
        cur = next;
        parent = cur;
    }
    return cur;
}

static const UChar *get_string(UResourceBundle *b, const char *path, const char *where, int32_t *len) {
    UResourceBundle *r = get_path(b, path, where);
    if (!r) return NULL;
    if (ures_getType(r) != URES_STRING) die("not a string", where, U_UNSUPPORTED_ERROR);
    UErrorCode st = U_ZERO_ERROR;
    const UChar *s = ures_getString(r, len, &st);
    if (U_FAILURE(st)) die("ures_getString", where, st);
    ures_close(r);
    return s;  // owned by the bundle's data, which stays mapped
}

// Writes { "1000": { "one": "…", … }, … }.
static void put_compact(UResourceBundle *table, const char *where) {
    printf("{");
    for (int32_t i = 0; i < ures_getSize(table); i++) {
        UErrorCode st = U_ZERO_ERROR;
        UResourceBundle *power = ures_getByIndex(table, i, NULL, &st);
        if (U_FAILURE(st) || ures_getType(power) != URES_TABLE) die("power of ten is not a table", where, U_UNSUPPORTED_ERROR);
        printf("%s\n        ", i ? "," : "");
        put_str(ures_getKey(power));
        printf(": {");
        for (int32_t j = 0; j < ures_getSize(power); j++) {
            UResourceBundle *item = ures_getByIndex(power, j, NULL, &st);
            if (U_FAILURE(st) || ures_getType(item) != URES_STRING) die("plural form is not a string", where, U_UNSUPPORTED_ERROR);
            int32_t len = 0;
            const UChar *s = ures_getString(item, &len, &st);
            printf("%s", j ? ", " : "");
            put_str(ures_getKey(item));
            printf(": ");
            put_ustr(s, len);
            ures_close(item);
        }
        printf("}");
        ures_close(power);
    }
    printf("\n      }");
}

int main(void) {
    UErrorCode st = U_ZERO_ERROR;
    UVersionInfo icu, cldr;
    char icuVersion[U_MAX_VERSION_STRING_LENGTH], cldrVersion[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(icu);
    u_versionToString(icu, icuVersion);
    ulocdata_getCLDRVersion(cldr, &st);
    if (U_FAILURE(st)) die("ulocdata_getCLDRVersion", "", st);
    u_versionToString(cldr, cldrVersion);

    UResourceBundle *index = ures_openDirect(NULL, "res_index", &st);
    if (U_FAILURE(st)) die("res_index", "", st);
    UResourceBundle *aliasTable = ures_getByKey(index, "AliasLocales", NULL, &st);
    if (U_FAILURE(st)) die("AliasLocales", "", st);
    int32_t naliases = ures_getSize(aliasTable);
    char **aliases = calloc((size_t)naliases + 1, sizeof(char *));
    for (int32_t i = 0; i < naliases; i++) {
        UResourceBundle *item = ures_getByIndex(aliasTable, i, NULL, &st);
        if (U_FAILURE(st)) die("AliasLocales[i]", "", st);
        aliases[i] = strdup(ures_getKey(item));
        ures_close(item);
    }
    qsort(aliases, (size_t)naliases, sizeof(char *), cmp_str);

    // The main tree's bundles: what res_index installs, and root.
    int32_t cap = 4096, count = 0;
    char **ids = calloc((size_t)cap, sizeof(char *));
    UEnumeration *installed = ures_openAvailableLocales(NULL, &st);
    if (U_FAILURE(st)) die("ures_openAvailableLocales", "", st);
    const char *name;
    while ((name = uenum_next(installed, NULL, &st)) != NULL && count < cap - 2) ids[count++] = strdup(name);
    uenum_close(installed);
    ids[count++] = strdup("root");
    qsort(ids, (size_t)count, sizeof(char *), cmp_str);

    printf("{\n");
    printf("  \"source\": \"ICU resource data (the main tree), dumped by scripts/cldr/dump-icu-numbers.c\",\n");
    printf("  \"icuVersion\": \"%s\",\n", icuVersion);
    printf("  \"cldrVersion\": \"%s\",\n", cldrVersion);
    printf("  \"localeAliases\": {");
    for (int32_t i = 0; i < naliases; i++) {
        UErrorCode s2 = U_ZERO_ERROR;
        UResourceBundle *b = ures_open(NULL, aliases[i], &s2);
        if (U_FAILURE(s2)) die("ures_open", aliases[i], s2);
        const char *actual = ures_getLocaleByType(b, ULOC_ACTUAL_LOCALE, &s2);
        if (U_FAILURE(s2)) die("ures_getLocaleByType", aliases[i], s2);
        printf("%s\n    ", i ? "," : "");
        put_str(aliases[i]);
        printf(": ");
        put_str(actual);
        ures_close(b);
    }
    printf("\n  },\n");

    printf("  \"parents\": {");
    int first = 1;
    for (int32_t i = 0; i < count; i++) {
        if (i > 0 && strcmp(ids[i], ids[i - 1]) == 0) continue;
        if (bsearch(&ids[i], aliases, (size_t)naliases, sizeof(char *), cmp_str)) continue;
        UErrorCode s2 = U_ZERO_ERROR;
        UResourceBundle *b = ures_openDirect(NULL, ids[i], &s2);
        if (U_FAILURE(s2)) continue;
        int32_t len = 0;
        const UChar *p = ures_getStringByKey(b, "%%Parent", &len, &s2);
        if (U_SUCCESS(s2) && p) {
            printf("%s\n    ", first ? "" : ",");
            put_str(ids[i]);
            printf(": ");
            put_ustr(p, len);
            first = 0;
        }
        ures_close(b);
    }
    printf("\n  },\n");

    printf("  \"bundles\": {");
    first = 1;
    for (int32_t i = 0; i < count; i++) {
        if (i > 0 && strcmp(ids[i], ids[i - 1]) == 0) continue;
        if (bsearch(&ids[i], aliases, (size_t)naliases, sizeof(char *), cmp_str)) continue;
        UErrorCode s2 = U_ZERO_ERROR;
        UResourceBundle *b = ures_openDirect(NULL, ids[i], &s2);
        if (U_FAILURE(s2)) continue;
        UResourceBundle *lng = get_path(b, "NumberElements/latn/patternsLong/decimalFormat", ids[i]);
        UResourceBundle *shrt = get_path(b, "NumberElements/latn/patternsShort/decimalFormat", ids[i]);
        int32_t plen = 0, slen = 0;
        const UChar *percent = get_string(b, "NumberElements/latn/patterns/percentFormat", ids[i], &plen);
        const UChar *sign = get_string(b, "NumberElements/latn/symbols/percentSign", ids[i], &slen);
        if (lng || shrt || percent || sign) {
            printf("%s\n    ", first ? "" : ",");
            put_str(ids[i]);
            printf(": {");
            int f = 1;
            if (lng) { printf("\n      \"long\": "); put_compact(lng, ids[i]); f = 0; }
            if (percent) { printf("%s\n      \"percent\": ", f ? "" : ","); put_ustr(percent, plen); f = 0; }
            if (sign) { printf("%s\n      \"percentSign\": ", f ? "" : ","); put_ustr(sign, slen); f = 0; }
            if (shrt) { printf("%s\n      \"short\": ", f ? "" : ","); put_compact(shrt, ids[i]); f = 0; }
            printf("\n    }");
            first = 0;
        }
        if (lng) ures_close(lng);
        if (shrt) ures_close(shrt);
        ures_close(b);
    }
    printf("\n  }\n}\n");
    return 0;
}
