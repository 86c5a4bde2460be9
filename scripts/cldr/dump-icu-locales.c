// Dumps, as JSON for scripts/gen-locale-data.py, three things ICU's locale data decides that
// Foundation's older API (before iOS 16, macOS 13, watchOS 9, tvOS 16) cannot ask for:
//
//   likely          CLDR's likely subtags as ICU applies them (`uloc_addLikelySubtags`): for every
//                   language ICU knows (`uloc_getISOLanguages`), every region (`und_XX`), every
//                   available locale and its truncations, and every deprecated id whose bundle is
//                   a `%%ALIAS` (`iw`, `zh_TW`), and every language with a region where the
//                   answer's script or language is not the language's (`az_IR`), the maximal id
//                   (`zh_TW` → `zh_Hant_TW`);
//   unitListShort   the two-element "unit-short" list pattern of every locale with data of its own
//                   (`ulistfmt_openForType(…, ULISTFMT_TYPE_UNITS, ULISTFMT_WIDTH_SHORT)`): how ICU's
//                   number formatter joins mixed units ("1 hr, 20 min", "1 h y 20 min");
//   unitListNarrow  the same with `ULISTFMT_WIDTH_NARROW` ("{0} {1}" in fr): how the toolkit joins
//                   a duration's units in the languages of `DurationUnitList` («1 h 20 min»).
//
//   gcc -O1 -o /tmp/dump-icu-locales scripts/cldr/dump-icu-locales.c $(pkg-config --cflags --libs icu-uc icu-i18n)
//   /tmp/dump-icu-locales > scripts/cldr/locales.json
//
// Output keys are sorted, so the output is reproducible.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/utypes.h>
#include <unicode/uloc.h>
#include <unicode/ures.h>
#include <unicode/ulistformatter.h>
#include <unicode/ulocdata.h>
#include <unicode/uversion.h>
#include <unicode/ustring.h>
#define DUMP_PROGRAM "dump-icu-locales"
#include "dump-common.h"

static char **ids;
static int32_t count, cap;

static void add(const char *id) {
    if (count == cap) {
        cap = cap ? cap * 2 : 4096;
        ids = realloc(ids, (size_t)cap * sizeof(char *));
    }
    ids[count++] = strdup(id);
}

// The id and its truncations (`zh_Hant_TW`, `zh_Hant`, `zh`).
static void add_with_truncations(const char *id) {
    char buf[ULOC_FULLNAME_CAPACITY];
    snprintf(buf, sizeof buf, "%s", id);
    for (;;) {
        add(buf);
        char *us = strrchr(buf, '_');
        if (!us) break;
        *us = 0;
    }
}

// The two-element unit list pattern of `width` of every id with a bundle of its own, then root.
static void dump_unit_lists(const char *key, UListFormatterWidth width) {
    printf("  \"%s\": {", key);
    int first = 1;
    UChar zero[] = { '{', '0', '}', 0 }, one[] = { '{', '1', '}', 0 };
    const UChar *items[] = { zero, one };
    int32_t lengths[] = { 3, 3 };
    for (int32_t i = 0; i < count; i++) {
        if (i > 0 && strcmp(ids[i], ids[i - 1]) == 0) continue;
        if (strncmp(ids[i], "und", 3) == 0) continue;
        UErrorCode s2 = U_ZERO_ERROR;
        UResourceBundle *b = ures_open(NULL, ids[i], &s2);
        if (U_FAILURE(s2)) continue;
        const char *actual = ures_getLocaleByType(b, ULOC_ACTUAL_LOCALE, &s2);
        int own = U_SUCCESS(s2) && s2 != U_USING_DEFAULT_WARNING && strcmp(actual, ids[i]) == 0;
        ures_close(b);
        if (!own) continue;
        s2 = U_ZERO_ERROR;
        UListFormatter *lf = ulistfmt_openForType(ids[i], ULISTFMT_TYPE_UNITS, width, &s2);
        if (U_FAILURE(s2)) die("ulistfmt_openForType", ids[i], s2);
        UChar buf[256];
        int32_t len = ulistfmt_format(lf, items, lengths, 2, buf, 256, &s2);
        if (U_FAILURE(s2)) die("ulistfmt_format", ids[i], s2);
        ulistfmt_close(lf);
        printf("%s\n    ", first ? "" : ",");
        put_str(ids[i]);
        printf(": ");
        put_ustr(buf, len);
        first = 0;
    }
    // root
    UErrorCode s2 = U_ZERO_ERROR;
    UListFormatter *lf = ulistfmt_openForType("root", ULISTFMT_TYPE_UNITS, width, &s2);
    if (U_FAILURE(s2)) die("ulistfmt_openForType", "root", s2);
    UChar buf[256];
    int32_t len = ulistfmt_format(lf, items, lengths, 2, buf, 256, &s2);
    if (U_FAILURE(s2)) die("ulistfmt_format", "root", s2);
    ulistfmt_close(lf);
    printf(",\n    \"root\": ");
    put_ustr(buf, len);
    printf("\n  }");
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

    for (const char *const *l = uloc_getISOLanguages(); *l; l++) add(*l);
    for (const char *const *c = uloc_getISOCountries(); *c; c++) {
        char id[16];
        snprintf(id, sizeof id, "und_%s", *c);
        add(id);
    }
    for (int32_t i = 0; i < uloc_countAvailable(); i++) add_with_truncations(uloc_getAvailable(i));
    // The deprecated ids of the main tree (`%%ALIAS` bundles: iw, zh_TW, no_NO, …).
    UResourceBundle *index = ures_openDirect(NULL, "res_index", &st);
    if (U_FAILURE(st)) die("res_index", "", st);
    UResourceBundle *aliases = ures_getByKey(index, "AliasLocales", NULL, &st);
    if (U_FAILURE(st)) die("AliasLocales", "", st);
    for (int32_t i = 0; i < ures_getSize(aliases); i++) {
        UResourceBundle *item = ures_getByIndex(aliases, i, NULL, &st);
        if (U_FAILURE(st)) die("AliasLocales[i]", "", st);
        add_with_truncations(ures_getKey(item));
        ures_close(item);
    }
    ures_close(aliases);
    ures_close(index);
    // Every language of those ids with every region, where ICU's answer has another language or
    // script than the language alone with the region kept (az_IR → az_Arab_IR, not az_Latn_IR).
    int32_t base = count;
    for (int32_t i = 0; i < base; i++) {
        if (strchr(ids[i], '_') || strcmp(ids[i], "root") == 0 || strcmp(ids[i], "und") == 0) continue;
        char lmax[ULOC_FULLNAME_CAPACITY], lscript[16];
        UErrorCode s2 = U_ZERO_ERROR;
        uloc_addLikelySubtags(ids[i], lmax, sizeof lmax, &s2);
        if (U_FAILURE(s2)) continue;
        uloc_getScript(lmax, lscript, sizeof lscript, &s2);
        for (const char *const *c = uloc_getISOCountries(); *c; c++) {
            char id[32], max[ULOC_FULLNAME_CAPACITY], lang[16], llang[16], script[16];
            snprintf(id, sizeof id, "%s_%s", ids[i], *c);
            s2 = U_ZERO_ERROR;
            uloc_addLikelySubtags(id, max, sizeof max, &s2);
            if (U_FAILURE(s2)) continue;
            uloc_getScript(max, script, sizeof script, &s2);
            uloc_getLanguage(max, lang, sizeof lang, &s2);
            uloc_getLanguage(lmax, llang, sizeof llang, &s2);
            if (U_FAILURE(s2)) continue;
            if (strcmp(script, lscript) != 0 || strcmp(lang, llang) != 0) add(id);
        }
    }
    qsort(ids, (size_t)count, sizeof(char *), cmp_str);

    printf("{\n");
    printf("  \"source\": \"ICU's likely subtags and unit list patterns, dumped by scripts/cldr/dump-icu-locales.c\",\n");
    printf("  \"icuVersion\": \"%s\",\n", icuVersion);
    printf("  \"cldrVersion\": \"%s\",\n", cldrVersion);
    printf("  \"likely\": {");
    int first = 1;
    for (int32_t i = 0; i < count; i++) {
        if (i > 0 && strcmp(ids[i], ids[i - 1]) == 0) continue;
        char out[ULOC_FULLNAME_CAPACITY];
        UErrorCode s2 = U_ZERO_ERROR;
        uloc_addLikelySubtags(ids[i], out, sizeof out, &s2);
        if (U_FAILURE(s2) || s2 == U_STRING_NOT_TERMINATED_WARNING) continue;
        printf("%s\n    ", first ? "" : ",");
        put_str(ids[i]);
        printf(": ");
        put_str(out);
        first = 0;
    }
    printf("\n  },\n");

    // A locale's own list data: the actual locale of the formatter's bundle is the id itself.
    dump_unit_lists("unitListShort", ULISTFMT_WIDTH_SHORT);
    printf(",\n");
    dump_unit_lists("unitListNarrow", ULISTFMT_WIDTH_NARROW);
    printf("\n}\n");
    return 0;
}
