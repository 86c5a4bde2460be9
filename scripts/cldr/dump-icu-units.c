// Dumps the CLDR unit patterns ("{0} km") of a fixed list of units that the system ICU carries,
// as JSON, for scripts/gen-unit-patterns.py.
//
//   gcc -O1 -o /tmp/dump-icu-units scripts/cldr/dump-icu-units.c $(pkg-config --cflags --libs icu-uc icu-i18n)
//   /tmp/dump-icu-units > scripts/cldr/units.json
//
// It reads ICU's `unit` resource tree (the bundles ICU's number formatter reads for
// `measure-unit/… unit-width-…`): for every locale, the tables `units` (wide), `unitsShort`
// and `unitsNarrow` → category (`length`) → unit (`kilometer`) → plural keyword → pattern.
// Only what a locale's own bundle defines is written (`ures_openDirect`, no inheritance);
// the runtime walks the fallback chain as ICU does. Also written, so that the chain can be
// walked without ICU:
//   tableAliases   a width table that a bundle aliases to another (`:alias{"/LOCALE/…"}`;
//                  in ICU 72 only root: units → unitsShort, unitsNarrow → unitsShort)
//   localeAliases  deprecated ids whose bundle is a `%%ALIAS` (zh_TW → zh_Hant_TW, iw → he),
//                  mapped to the locale `ures_open` actually loads for them
//   parents        `%%Parent` of every bundle of the unit tree (checked against plurals.json)
//   loadedFor      for every id ICU lists that has no bundle, the bundle ures_open loads
// Pattern keys other than the plural keywords (`dnam`, `per`, `gender`, `case`) are skipped.
// Output keys are sorted, so the output is reproducible.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/utypes.h>
#include <unicode/uloc.h>
#include <unicode/ures.h>
#include <unicode/uversion.h>
#include <unicode/ulocdata.h>
#include <unicode/ustring.h>
#define DUMP_PROGRAM "dump-icu-units"
#include "dump-common.h"

// ICU's internal U_ICUDATA_UNIT ("icudt72l-unit"), which the public headers do not define.
#define UNIT_TREE U_ICUDATA_NAME "-unit"

static const char *UNITS[] = {
    "duration-day", "duration-hour", "duration-minute", "duration-second", "duration-week",
    "energy-kilocalorie", "energy-kilojoule",
    "length-centimeter", "length-foot", "length-kilometer", "length-meter", "length-mile", "length-yard",
    "mass-gram", "mass-kilogram", "mass-pound",
    "speed-kilometer-per-hour", "speed-mile-per-hour",
    "temperature-celsius", "temperature-fahrenheit",
};
#define NUNITS ((int)(sizeof UNITS / sizeof UNITS[0]))
static const char *TABLES[] = { "units", "unitsNarrow", "unitsShort" };  // sorted
static const char *PLURALS[] = { "few", "many", "one", "other", "two", "zero" };  // sorted


static int is_plural(const char *key) {
    for (int i = 0; i < 6; i++) if (strcmp(key, PLURALS[i]) == 0) return 1;
    return 0;
}

// Writes { "unit": { "one": "…", … }, … } for the units a locale's own table defines;
// returns the number of units written.
static int put_table(UResourceBundle *table, const char *where, const char *indent) {
    int written = 0;
    for (int u = 0; u < NUNITS; u++) {
        char category[64];
        const char *dash = strchr(UNITS[u], '-');
        snprintf(category, sizeof category, "%.*s", (int)(dash - UNITS[u]), UNITS[u]);
        UErrorCode st = U_ZERO_ERROR;
        UResourceBundle *cat = ures_getByKey(table, category, NULL, &st);
        if (st == U_MISSING_RESOURCE_ERROR) continue;
        if (U_FAILURE(st)) die(category, where, st);
        if (strcmp(ures_getKey(cat), category) != 0) die("category is an alias", where, U_UNSUPPORTED_ERROR);
        UResourceBundle *unit = ures_getByKey(cat, dash + 1, NULL, &st);
        if (st == U_MISSING_RESOURCE_ERROR) { ures_close(cat); continue; }
        if (U_FAILURE(st)) die(UNITS[u], where, st);
        if (strcmp(ures_getKey(unit), dash + 1) != 0) die("unit is an alias", where, U_UNSUPPORTED_ERROR);
        // Plural keys in sorted order (ICU's tables are sorted by key).
        int n = ures_getSize(unit), first = 1;
        for (int32_t i = 0; i < n; i++) {
            UResourceBundle *item = ures_getByIndex(unit, i, NULL, &st);
            if (U_FAILURE(st)) die("ures_getByIndex", where, st);
            const char *key = ures_getKey(item);
            if (is_plural(key)) {
                if (ures_getType(item) != URES_STRING) die("plural form is not a string", where, U_UNSUPPORTED_ERROR);
                int32_t len = 0;
                const UChar *s = ures_getString(item, &len, &st);
                if (U_FAILURE(st)) die("ures_getString", where, st);
                if (first) {
                    printf("%s%s", written ? ",\n" : "\n", indent);
                    put_str(UNITS[u]);
                    printf(": {");
                    written++;
                }
                printf("%s", first ? "" : ", ");
                put_str(key);
                printf(": ");
                put_ustr(s, len);
                first = 0;
            } else if (strcmp(key, "dnam") && strcmp(key, "per") && strcmp(key, "gender") && strcmp(key, "case")) {
                fprintf(stderr, "dump-icu-units: unknown key %s in %s %s\n", key, where, UNITS[u]);
                exit(1);
            }
            ures_close(item);
        }
        if (!first) printf("}");
        ures_close(unit);
        ures_close(cat);
    }
    return written;
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

    // Alias bundles (`%%ALIAS`), listed by the unit tree's res_index. ures_openDirect on some of
    // them does not return (no_NO in ICU 72), so they are only ever opened with ures_open.
    UResourceBundle *index = ures_openDirect(UNIT_TREE, "res_index", &st);
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

    // Every locale: ICU's available locales, their truncations, and the unit tree's own list.
    int32_t navail = uloc_countAvailable();
    int32_t cap = navail * 4 + 1024, count = 0;
    char **ids = calloc((size_t)cap, sizeof(char *));
    UEnumeration *installed = ures_openAvailableLocales(UNIT_TREE, &st);
    if (U_FAILURE(st)) die("ures_openAvailableLocales", "", st);
    const char *name;
    while ((name = uenum_next(installed, NULL, &st)) != NULL && count < cap - 8) ids[count++] = strdup(name);
    uenum_close(installed);
    for (int32_t i = 0; i < navail && count < cap - 8; i++) {
        char id[ULOC_FULLNAME_CAPACITY];
        snprintf(id, sizeof id, "%s", uloc_getAvailable(i));
        for (;;) {
            ids[count++] = strdup(id);
            char *us = strrchr(id, '_');
            if (!us) break;
            *us = 0;
        }
    }
    ids[count++] = strdup("root");
    qsort(ids, (size_t)count, sizeof(char *), cmp_str);

    printf("{\n");
    printf("  \"source\": \"ICU resource data (the unit tree), dumped by scripts/cldr/dump-icu-units.c\",\n");
    printf("  \"icuVersion\": \"%s\",\n", icuVersion);
    printf("  \"cldrVersion\": \"%s\",\n", cldrVersion);
    printf("  \"units\": [");
    for (int u = 0; u < NUNITS; u++) { printf("%s", u ? ", " : ""); put_str(UNITS[u]); }
    printf("],\n");

    printf("  \"localeAliases\": {");
    for (int32_t i = 0; i < naliases; i++) {
        UErrorCode s2 = U_ZERO_ERROR;
        UResourceBundle *b = ures_open(UNIT_TREE, aliases[i], &s2);
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

    int first = 1;
    // Bundles of the unit tree (skipping duplicates, alias ids and ids without a bundle).
    char **bundles = calloc((size_t)count, sizeof(char *));
    int32_t nbundles = 0;
    for (int32_t i = 0; i < count; i++) {
        if (i > 0 && strcmp(ids[i], ids[i - 1]) == 0) continue;
        if (bsearch(&ids[i], aliases, (size_t)naliases, sizeof(char *), cmp_str)) continue;
        UErrorCode s2 = U_ZERO_ERROR;
        UResourceBundle *b = ures_openDirect(UNIT_TREE, ids[i], &s2);
        if (U_FAILURE(s2)) continue;
        ures_close(b);
        bundles[nbundles++] = ids[i];
    }

    // Ids ICU lists that have no bundle of their own: the bundle ures_open loads for them.
    // ICU 72 does not always truncate such an id (sr_Cyrl_ME loads sr_Latn_ME); the generator
    // keeps the ids where truncation would give another bundle. An id whose language has no
    // data at all would fall back to the process's default locale: written as root.
    printf("  \"loadedFor\": {");
    first = 1;
    for (int32_t i = 0; i < count; i++) {
        if (i > 0 && strcmp(ids[i], ids[i - 1]) == 0) continue;
        if (bsearch(&ids[i], aliases, (size_t)naliases, sizeof(char *), cmp_str)) continue;
        if (bsearch(&ids[i], bundles, (size_t)nbundles, sizeof(char *), cmp_str)) continue;
        UErrorCode s2 = U_ZERO_ERROR;
        UResourceBundle *b = ures_open(UNIT_TREE, ids[i], &s2);
        if (U_FAILURE(s2)) die("ures_open", ids[i], s2);
        const char *actual = s2 == U_USING_DEFAULT_WARNING ? "root" : ures_getLocaleByType(b, ULOC_ACTUAL_LOCALE, &s2);
        printf("%s\n    ", first ? "" : ",");
        put_str(ids[i]);
        printf(": ");
        put_str(actual);
        first = 0;
        ures_close(b);
    }
    printf("\n  },\n");

    printf("  \"bundles\": [");
    for (int32_t i = 0; i < nbundles; i++) { printf("%s", i ? ", " : ""); put_str(bundles[i]); }
    printf("],\n");

    printf("  \"parents\": {");
    first = 1;
    for (int32_t i = 0; i < nbundles; i++) {
        UErrorCode s2 = U_ZERO_ERROR;
        UResourceBundle *b = ures_openDirect(UNIT_TREE, bundles[i], &s2);
        int32_t len = 0;
        const UChar *p = ures_getStringByKey(b, "%%Parent", &len, &s2);
        if (U_SUCCESS(s2) && p) {
            printf("%s\n    ", first ? "" : ",");
            put_str(bundles[i]);
            printf(": ");
            put_ustr(p, len);
            first = 0;
        }
        ures_close(b);
    }
    printf("\n  },\n");

    // A width table that resolves to another key is an alias (root: units → unitsShort).
    printf("  \"tableAliases\": {");
    first = 1;
    for (int32_t i = 0; i < nbundles; i++) {
        UErrorCode s2 = U_ZERO_ERROR;
        UResourceBundle *b = ures_openDirect(UNIT_TREE, bundles[i], &s2);
        for (int t = 0; t < 3; t++) {
            UErrorCode s3 = U_ZERO_ERROR;
            UResourceBundle *table = ures_getByKey(b, TABLES[t], NULL, &s3);
            if (U_SUCCESS(s3) && strcmp(ures_getKey(table), TABLES[t]) != 0) {
                printf("%s\n    ", first ? "" : ",");
                printf("\"%s/%s\": ", bundles[i], TABLES[t]);
                put_str(ures_getKey(table));
                first = 0;
            }
            ures_close(table);
        }
        ures_close(b);
    }
    printf("\n  },\n");

    printf("  \"patterns\": {");
    first = 1;
    for (int32_t i = 0; i < nbundles; i++) {
        UErrorCode s2 = U_ZERO_ERROR;
        UResourceBundle *b = ures_openDirect(UNIT_TREE, bundles[i], &s2);
        if (U_FAILURE(s2)) die("ures_openDirect", bundles[i], s2);
        int tfirst = 1;
        for (int t = 0; t < 3; t++) {
            UErrorCode s3 = U_ZERO_ERROR;
            UResourceBundle *table = ures_getByKey(b, TABLES[t], NULL, &s3);
            if (s3 == U_MISSING_RESOURCE_ERROR) continue;
            if (U_FAILURE(s3)) die(TABLES[t], bundles[i], s3);
            if (strcmp(ures_getKey(table), TABLES[t]) != 0) { ures_close(table); continue; }  // an alias
            // Written only when the table has one of the units: buffer the header lazily.
            char where[128];
            snprintf(where, sizeof where, "%s/%s", bundles[i], TABLES[t]);
            // Probe first so that empty tables write nothing.
            int has = 0;
            for (int u = 0; u < NUNITS && !has; u++) {
                char path[128];
                const char *dash = strchr(UNITS[u], '-');
                snprintf(path, sizeof path, "%.*s", (int)(dash - UNITS[u]), UNITS[u]);
                UErrorCode s4 = U_ZERO_ERROR;
                UResourceBundle *cat = ures_getByKey(table, path, NULL, &s4);
                if (U_SUCCESS(s4)) {
                    UResourceBundle *unit = ures_getByKey(cat, dash + 1, NULL, &s4);
                    if (U_SUCCESS(s4)) {
                        for (int32_t k = 0; k < ures_getSize(unit) && !has; k++) {
                            UErrorCode s5 = U_ZERO_ERROR;
                            UResourceBundle *item = ures_getByIndex(unit, k, NULL, &s5);
                            has = U_SUCCESS(s5) && is_plural(ures_getKey(item));
                            ures_close(item);
                        }
                    }
                    ures_close(unit);
                }
                ures_close(cat);
            }
            if (has) {
                if (tfirst) {
                    printf("%s\n    ", first ? "" : ",");
                    put_str(bundles[i]);
                    printf(": {");
                    first = 0;
                }
                printf("%s\n      ", tfirst ? "" : ",");
                put_str(TABLES[t]);
                printf(": {");
                put_table(table, where, "        ");
                printf("\n      }");
                tfirst = 0;
            }
            ures_close(table);
        }
        if (!tfirst) printf("\n    }");
        ures_close(b);
    }
    printf("\n  }\n}\n");
    return 0;
}
