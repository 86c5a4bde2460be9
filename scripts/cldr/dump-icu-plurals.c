// Dumps the CLDR plural rules and parent locales that the system ICU carries, as JSON.
//
//   gcc -O1 -o /tmp/dump-icu-plurals scripts/cldr/dump-icu-plurals.c $(pkg-config --cflags --libs icu-uc icu-i18n)
//   /tmp/dump-icu-plurals > scripts/cldr/plurals.json
//
// It reads ICU's own resource data, so the output is exactly what ICU's PluralRules use:
//   plurals/locales            locale -> cardinal rule-set name
//   plurals/locales_ordinals   locale -> ordinal rule-set name
//   plurals/rules              rule-set name -> category -> rule text with @integer/@decimal samples
// and, for every locale ICU has (uloc_getAvailable plus the truncations of those ids, which
// adds script-only ids like zh_Hant), the explicit `%%Parent` of its main resource bundle.
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
#define DUMP_PROGRAM "dump-icu-plurals"
#include "dump-common.h"

// A table of strings: { "key": "value", ... }
static void put_string_table(UResourceBundle *table, const char *indent) {
    int32_t n = ures_getSize(table);
    printf("{\n");
    for (int32_t i = 0; i < n; i++) {
        UErrorCode st = U_ZERO_ERROR;
        UResourceBundle *item = ures_getByIndex(table, i, NULL, &st);
        if (U_FAILURE(st)) die("ures_getByIndex", "", st);
        int32_t len = 0;
        const UChar *s = ures_getString(item, &len, &st);
        if (U_FAILURE(st)) die("ures_getString", "", st);
        printf("%s  ", indent);
        put_str(ures_getKey(item));
        printf(": ");
        put_ustr(s, len);
        printf("%s\n", i + 1 < n ? "," : "");
        ures_close(item);
    }
    printf("%s}", indent);
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

    UResourceBundle *plurals = ures_openDirect(NULL, "plurals", &st);
    if (U_FAILURE(st)) die("ures_openDirect(plurals)", "", st);

    printf("{\n");
    printf("  \"source\": \"ICU resource data (plurals.res and the main locale bundles), dumped by scripts/cldr/dump-icu-plurals.c\",\n");
    printf("  \"icuVersion\": \"%s\",\n", icuVersion);
    printf("  \"cldrVersion\": \"%s\",\n", cldrVersion);

    const char *tables[] = { "locales", "locales_ordinals" };
    const char *names[] = { "cardinal", "ordinal" };
    for (int t = 0; t < 2; t++) {
        UResourceBundle *table = ures_getByKey(plurals, tables[t], NULL, &st);
        if (U_FAILURE(st)) die(tables[t], "", st);
        printf("  \"%s\": ", names[t]);
        put_string_table(table, "  ");
        printf(",\n");
        ures_close(table);
    }

    UResourceBundle *rules = ures_getByKey(plurals, "rules", NULL, &st);
    if (U_FAILURE(st)) die("rules", "", st);
    printf("  \"rules\": {\n");
    int32_t nsets = ures_getSize(rules);
    for (int32_t i = 0; i < nsets; i++) {
        UResourceBundle *set = ures_getByIndex(rules, i, NULL, &st);
        if (U_FAILURE(st)) die("rules[i]", "", st);
        printf("    ");
        put_str(ures_getKey(set));
        printf(": ");
        put_string_table(set, "    ");
        printf("%s\n", i + 1 < nsets ? "," : "");
        ures_close(set);
    }
    printf("  },\n");
    ures_close(rules);
    ures_close(plurals);

    // Every locale ICU has, plus the truncations of each id (zh_Hant_TW -> zh_Hant -> zh).
    int32_t navail = uloc_countAvailable();
    int32_t cap = navail * 4 + 1, count = 0;
    char **ids = calloc((size_t)cap, sizeof(char *));
    for (int32_t i = 0; i < navail; i++) {
        char id[ULOC_FULLNAME_CAPACITY];
        snprintf(id, sizeof id, "%s", uloc_getAvailable(i));
        for (;;) {
            ids[count++] = strdup(id);
            char *us = strrchr(id, '_');
            if (!us) break;
            *us = 0;
        }
    }
    qsort(ids, (size_t)count, sizeof(char *), cmp_str);

    printf("  \"availableLocales\": [");
    int first = 1;
    for (int32_t i = 0; i < count; i++) {
        if (i > 0 && strcmp(ids[i], ids[i - 1]) == 0) continue;
        UErrorCode s2 = U_ZERO_ERROR;
        UResourceBundle *b = ures_openDirect(NULL, ids[i], &s2);
        if (U_FAILURE(s2)) continue;  // a truncation with no bundle of its own
        ures_close(b);
        printf("%s\n    ", first ? "" : ",");
        put_str(ids[i]);
        first = 0;
    }
    printf("\n  ],\n");

    printf("  \"parents\": {");
    first = 1;
    for (int32_t i = 0; i < count; i++) {
        if (i > 0 && strcmp(ids[i], ids[i - 1]) == 0) continue;
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
    printf("\n  }\n}\n");
    for (int32_t i = 0; i < count; i++) free(ids[i]);
    free(ids);
    return 0;
}
