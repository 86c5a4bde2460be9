// The ICU calls behind `CICUShim.h`. This is the only file that includes ICU headers: ICU's
// renaming macros turn each call into the installed version's symbol (`unumf_formatDouble_72`
// on Debian 12), so the shim builds unchanged against any ICU that pkg-config finds.
//
// Handles are ICU's own pointers, cast to the header's opaque `cicu_*` types and back.
// Statuses: `cicu_status` and `UErrorCode` are both C enums of `int` size and alignment with the
// same values (checked below), so a wrapper hands the caller's `cicu_status *` to ICU as a
// `UErrorCode *` (`CICU_EC`). No wrapper reads or writes the status itself, so there is no
// type-based aliasing to get wrong here, and most wrappers compile to a single tail jump.
#include "CICUShim.h"

// Only where the package formats with the system ICU (Linux with the trait SystemICU on:
// Package.swift defines CICUSHIM_SYSTEM_ICU there). Elsewhere (the Apple configuration, a Mac
// or an iOS build, whose SDKs ship a partial `unicode/` without `ucurr.h` or
// `unumberformatter.h`) nothing calls this shim and the file compiles to nothing.
#if defined(CICUSHIM_SYSTEM_ICU)

#include <string.h>
#include <unicode/utypes.h>
#include <unicode/uloc.h>
#include <unicode/ures.h>
#include <unicode/uenum.h>
#include <unicode/ucal.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/ucurr.h>
#include <unicode/unum.h>
#include <unicode/unumberformatter.h>
#include <unicode/uformattedvalue.h>
#include <unicode/upluralrules.h>
#include <unicode/ureldatefmt.h>
#include <unicode/ulistformatter.h>
#include <unicode/umsg.h>

// MARK: - The header's constants are ICU's

#define CICU_SAME(shim, icu) _Static_assert((int32_t)(shim) == (int32_t)(icu), #shim " must equal " #icu)
_Static_assert(sizeof(cicu_status) == sizeof(UErrorCode) && _Alignof(cicu_status) == _Alignof(UErrorCode),
               "cicu_status must have the size and alignment of UErrorCode");
_Static_assert(sizeof(uint16_t) == sizeof(UChar), "UChar must be 16 bits");
CICU_SAME(CICU_U_USING_FALLBACK_WARNING, U_USING_FALLBACK_WARNING);
CICU_SAME(CICU_U_USING_DEFAULT_WARNING, U_USING_DEFAULT_WARNING);
CICU_SAME(CICU_U_STRING_NOT_TERMINATED_WARNING, U_STRING_NOT_TERMINATED_WARNING);
CICU_SAME(CICU_U_ZERO_ERROR, U_ZERO_ERROR);
CICU_SAME(CICU_U_ILLEGAL_ARGUMENT_ERROR, U_ILLEGAL_ARGUMENT_ERROR);
CICU_SAME(CICU_U_MEMORY_ALLOCATION_ERROR, U_MEMORY_ALLOCATION_ERROR);
CICU_SAME(CICU_U_BUFFER_OVERFLOW_ERROR, U_BUFFER_OVERFLOW_ERROR);
CICU_SAME(CICU_U_UNSUPPORTED_ERROR, U_UNSUPPORTED_ERROR);
CICU_SAME(CICU_U_UNMATCHED_BRACES, U_UNMATCHED_BRACES);
CICU_SAME(CICU_U_DEFAULT_KEYWORD_MISSING, U_DEFAULT_KEYWORD_MISSING);
CICU_SAME(CICU_U_PATTERN_SYNTAX_ERROR, U_PATTERN_SYNTAX_ERROR);
CICU_SAME(CICU_U_NUMBER_SKELETON_SYNTAX_ERROR, U_NUMBER_SKELETON_SYNTAX_ERROR);
CICU_SAME(CICU_UPLURAL_TYPE_CARDINAL, UPLURAL_TYPE_CARDINAL);
CICU_SAME(CICU_UPLURAL_TYPE_ORDINAL, UPLURAL_TYPE_ORDINAL);
CICU_SAME(CICU_UNUM_PATTERN_DECIMAL, UNUM_PATTERN_DECIMAL);
CICU_SAME(CICU_UNUM_SPELLOUT, UNUM_SPELLOUT);
CICU_SAME(CICU_UNUM_ORDINAL, UNUM_ORDINAL);
CICU_SAME(CICU_UNUM_DURATION, UNUM_DURATION);
CICU_SAME(CICU_UDAT_FULL, UDAT_FULL);
CICU_SAME(CICU_UDAT_LONG, UDAT_LONG);
CICU_SAME(CICU_UDAT_MEDIUM, UDAT_MEDIUM);
CICU_SAME(CICU_UDAT_SHORT, UDAT_SHORT);
CICU_SAME(CICU_UDAT_NONE, UDAT_NONE);
CICU_SAME(CICU_UDAT_PATTERN, UDAT_PATTERN);
CICU_SAME(CICU_UCAL_GREGORIAN, UCAL_GREGORIAN);
CICU_SAME(CICU_UCAL_ZONE_OFFSET, UCAL_ZONE_OFFSET);
CICU_SAME(CICU_UCAL_DST_OFFSET, UCAL_DST_OFFSET);
CICU_SAME(CICU_UCAL_FIRST_DAY_OF_WEEK, UCAL_FIRST_DAY_OF_WEEK);
CICU_SAME(CICU_UDAT_REL_UNIT_YEAR, UDAT_REL_UNIT_YEAR);
CICU_SAME(CICU_UDAT_REL_UNIT_QUARTER, UDAT_REL_UNIT_QUARTER);
CICU_SAME(CICU_UDAT_REL_UNIT_MONTH, UDAT_REL_UNIT_MONTH);
CICU_SAME(CICU_UDAT_REL_UNIT_WEEK, UDAT_REL_UNIT_WEEK);
CICU_SAME(CICU_UDAT_REL_UNIT_DAY, UDAT_REL_UNIT_DAY);
CICU_SAME(CICU_UDAT_REL_UNIT_HOUR, UDAT_REL_UNIT_HOUR);
CICU_SAME(CICU_UDAT_REL_UNIT_MINUTE, UDAT_REL_UNIT_MINUTE);
CICU_SAME(CICU_UDAT_REL_UNIT_SECOND, UDAT_REL_UNIT_SECOND);
CICU_SAME(CICU_UDAT_STYLE_LONG, UDAT_STYLE_LONG);
CICU_SAME(CICU_UDAT_STYLE_SHORT, UDAT_STYLE_SHORT);
CICU_SAME(CICU_UDAT_STYLE_NARROW, UDAT_STYLE_NARROW);
CICU_SAME(CICU_ULISTFMT_TYPE_AND, ULISTFMT_TYPE_AND);
CICU_SAME(CICU_ULISTFMT_TYPE_OR, ULISTFMT_TYPE_OR);
CICU_SAME(CICU_ULISTFMT_TYPE_UNITS, ULISTFMT_TYPE_UNITS);
CICU_SAME(CICU_ULISTFMT_WIDTH_WIDE, ULISTFMT_WIDTH_WIDE);
CICU_SAME(CICU_ULISTFMT_WIDTH_SHORT, ULISTFMT_WIDTH_SHORT);
CICU_SAME(CICU_ULISTFMT_WIDTH_NARROW, ULISTFMT_WIDTH_NARROW);

// MARK: - Plumbing

/// The caller's status as ICU's `UErrorCode *`.
#define CICU_EC(status) ((UErrorCode *)(status))

/// Copies `UParseError.offset` to an optional out-parameter.
static inline void cicu_store_offset(int32_t *errorOffset, const UParseError *perr) {
    if (errorOffset) *errorOffset = perr->offset;
}

// MARK: - Errors

const char *cicu_u_errorName(cicu_status code) { return u_errorName((UErrorCode)code); }

// MARK: - Locales and resource bundles

int32_t cicu_uloc_forLanguageTag(const char *tag, char *localeID, int32_t capacity, int32_t *parsedLength, cicu_status *status) {
    return uloc_forLanguageTag(tag, localeID, capacity, parsedLength, CICU_EC(status));
}
int32_t cicu_uloc_toLanguageTag(const char *localeID, char *tag, int32_t capacity, int8_t strict, cicu_status *status) {
    return uloc_toLanguageTag(localeID, tag, capacity, strict != 0, CICU_EC(status));
}
int32_t cicu_uloc_addLikelySubtags(const char *localeID, char *result, int32_t capacity, cicu_status *status) {
    return uloc_addLikelySubtags(localeID, result, capacity, CICU_EC(status));
}
int32_t cicu_uloc_minimizeSubtags(const char *localeID, char *result, int32_t capacity, cicu_status *status) {
    return uloc_minimizeSubtags(localeID, result, capacity, CICU_EC(status));
}
int32_t cicu_uloc_canonicalize(const char *localeID, char *result, int32_t capacity, cicu_status *status) {
    return uloc_canonicalize(localeID, result, capacity, CICU_EC(status));
}
int32_t cicu_uloc_getParent(const char *localeID, char *result, int32_t capacity, cicu_status *status) {
    return uloc_getParent(localeID, result, capacity, CICU_EC(status));
}
int32_t cicu_uloc_getLanguage(const char *localeID, char *result, int32_t capacity, cicu_status *status) {
    return uloc_getLanguage(localeID, result, capacity, CICU_EC(status));
}
cicu_resource_bundle *cicu_ures_open(const char *packageName, const char *locale, cicu_status *status) {
    return (cicu_resource_bundle *)ures_open(packageName, locale, CICU_EC(status));
}
cicu_resource_bundle *cicu_ures_openOwn(const char *locale, cicu_status *status) {
    // Not ures_openDirect: in ICU 72, opening an %%ALIAS locale (zh_HK) that way first leaves a
    // cache entry that later ures_open calls reuse without following the alias, so zh_HK's
    // number formatters read zh (Simplified) data: 1.2亿 instead of 1.2億 for the rest of the process.
    UResourceBundle *bundle = ures_open(NULL, locale, CICU_EC(status));
    if (U_FAILURE(*CICU_EC(status))) { if (bundle) ures_close(bundle); return NULL; }
    UErrorCode actualStatus = U_ZERO_ERROR;
    const char *actual = ures_getLocaleByType(bundle, ULOC_ACTUAL_LOCALE, &actualStatus);
    size_t base = strcspn(locale, "@");  // keywords (`@rg=gbzzzz`) name no bundle
    if (*CICU_EC(status) != U_ZERO_ERROR || U_FAILURE(actualStatus) || actual == NULL
        || strlen(actual) != base || strncmp(actual, locale, base) != 0) {
        ures_close(bundle);
        return NULL;
    }
    return (cicu_resource_bundle *)bundle;
}
const uint16_t *cicu_ures_getStringByKey(const cicu_resource_bundle *bundle, const char *key, int32_t *length, cicu_status *status) {
    return ures_getStringByKey((const UResourceBundle *)bundle, key, length, CICU_EC(status));
}
void cicu_ures_close(cicu_resource_bundle *bundle) { ures_close((UResourceBundle *)bundle); }
int32_t cicu_ucurr_forLocale(const char *locale, uint16_t *buffer, int32_t capacity, cicu_status *status) {
    return ucurr_forLocale(locale, buffer, capacity, CICU_EC(status));
}

// MARK: - Plural rules

cicu_plural_rules *cicu_uplrules_openForType(const char *locale, cicu_plural_type type, cicu_status *status) {
    return (cicu_plural_rules *)uplrules_openForType(locale, (UPluralType)type, CICU_EC(status));
}
void cicu_uplrules_close(cicu_plural_rules *rules) { uplrules_close((UPluralRules *)rules); }
int32_t cicu_uplrules_select(const cicu_plural_rules *rules, double number, uint16_t *keyword, int32_t capacity, cicu_status *status) {
    return uplrules_select((const UPluralRules *)rules, number, keyword, capacity, CICU_EC(status));
}
int32_t cicu_uplrules_selectFormatted(const cicu_plural_rules *rules, const cicu_formatted_number *number, uint16_t *keyword, int32_t capacity, cicu_status *status) {
    return uplrules_selectFormatted((const UPluralRules *)rules, (const UFormattedNumber *)number, keyword, capacity, CICU_EC(status));
}
int32_t cicu_uplrules_selectWithFormat(const cicu_plural_rules *rules, double number, const cicu_number_format *format, uint16_t *keyword, int32_t capacity, cicu_status *status) {
    return uplrules_selectWithFormat((const UPluralRules *)rules, number, (const UNumberFormat *)format, keyword, capacity, CICU_EC(status));
}
cicu_enumeration *cicu_uplrules_getKeywords(const cicu_plural_rules *rules, cicu_status *status) {
    return (cicu_enumeration *)uplrules_getKeywords((const UPluralRules *)rules, CICU_EC(status));
}
const char *cicu_uenum_next(cicu_enumeration *enumeration, int32_t *length, cicu_status *status) {
    return uenum_next((UEnumeration *)enumeration, length, CICU_EC(status));
}
void cicu_uenum_close(cicu_enumeration *enumeration) { uenum_close((UEnumeration *)enumeration); }

// MARK: - Numbers

cicu_number_formatter *cicu_unumf_openForSkeletonAndLocaleWithError(const uint16_t *skeleton, int32_t length, const char *locale, int32_t *errorOffset, cicu_status *status) {
    UParseError perr = {0};
    UNumberFormatter *r = unumf_openForSkeletonAndLocaleWithError(skeleton, length, locale, &perr, CICU_EC(status));
    cicu_store_offset(errorOffset, &perr);
    return (cicu_number_formatter *)r;
}
void cicu_unumf_close(cicu_number_formatter *formatter) { unumf_close((UNumberFormatter *)formatter); }
cicu_formatted_number *cicu_unumf_openResult(cicu_status *status) {
    return (cicu_formatted_number *)unumf_openResult(CICU_EC(status));
}
void cicu_unumf_closeResult(cicu_formatted_number *result) { unumf_closeResult((UFormattedNumber *)result); }
void cicu_unumf_formatInt(const cicu_number_formatter *formatter, int64_t value, cicu_formatted_number *result, cicu_status *status) {
    unumf_formatInt((const UNumberFormatter *)formatter, value, (UFormattedNumber *)result, CICU_EC(status));
}
void cicu_unumf_formatDouble(const cicu_number_formatter *formatter, double value, cicu_formatted_number *result, cicu_status *status) {
    unumf_formatDouble((const UNumberFormatter *)formatter, value, (UFormattedNumber *)result, CICU_EC(status));
}
void cicu_unumf_formatDecimal(const cicu_number_formatter *formatter, const char *value, int32_t length, cicu_formatted_number *result, cicu_status *status) {
    unumf_formatDecimal((const UNumberFormatter *)formatter, value, length, (UFormattedNumber *)result, CICU_EC(status));
}
const uint16_t *cicu_unumf_resultGetString(const cicu_formatted_number *result, int32_t *length, cicu_status *status) {
    const UFormattedValue *value = unumf_resultAsValue((const UFormattedNumber *)result, CICU_EC(status));
    return ufmtval_getString(value, length, CICU_EC(status));
}
cicu_number_format *cicu_unum_open(cicu_number_format_style style, const uint16_t *pattern, int32_t length, const char *locale, int32_t *errorOffset, cicu_status *status) {
    UParseError perr = {0};
    UNumberFormat *r = unum_open((UNumberFormatStyle)style, pattern, length, locale, &perr, CICU_EC(status));
    cicu_store_offset(errorOffset, &perr);
    return (cicu_number_format *)r;
}
void cicu_unum_close(cicu_number_format *format) { unum_close((UNumberFormat *)format); }
int32_t cicu_unum_formatDouble(const cicu_number_format *format, double number, uint16_t *result, int32_t capacity, cicu_status *status) {
    return unum_formatDouble((const UNumberFormat *)format, number, result, capacity, NULL, CICU_EC(status));
}
int32_t cicu_unum_formatInt64(const cicu_number_format *format, int64_t number, uint16_t *result, int32_t capacity, cicu_status *status) {
    return unum_formatInt64((const UNumberFormat *)format, number, result, capacity, NULL, CICU_EC(status));
}
int32_t cicu_unum_formatDecimal(const cicu_number_format *format, const char *number, int32_t length, uint16_t *result, int32_t capacity, cicu_status *status) {
    return unum_formatDecimal((const UNumberFormat *)format, number, length, result, capacity, NULL, CICU_EC(status));
}
void cicu_unum_setDefaultRuleSet(cicu_number_format *format, const uint16_t *ruleSet, int32_t length, cicu_status *status) {
    unum_setTextAttribute((UNumberFormat *)format, UNUM_DEFAULT_RULESET, ruleSet, length, CICU_EC(status));
}

// MARK: - Dates, calendars, time zones

cicu_date_format *cicu_udat_open(cicu_date_format_style timeStyle, cicu_date_format_style dateStyle, const char *locale, const uint16_t *zoneID, int32_t zoneIDLength, const uint16_t *pattern, int32_t patternLength, cicu_status *status) {
    return (cicu_date_format *)udat_open((UDateFormatStyle)timeStyle, (UDateFormatStyle)dateStyle, locale, zoneID, zoneIDLength, pattern, patternLength, CICU_EC(status));
}
void cicu_udat_close(cicu_date_format *format) { udat_close((UDateFormat *)format); }
int32_t cicu_udat_format(const cicu_date_format *format, double date, uint16_t *result, int32_t capacity, cicu_status *status) {
    return udat_format((const UDateFormat *)format, date, result, capacity, NULL, CICU_EC(status));
}
int32_t cicu_udat_formatWithDayOfMonth(const cicu_date_format *format, double date, uint16_t *result, int32_t capacity, int32_t *dayBegin, int32_t *dayEnd, cicu_status *status) {
    UFieldPosition position = { UDAT_DATE_FIELD, 0, 0 };
    int32_t length = udat_format((const UDateFormat *)format, date, result, capacity, &position, CICU_EC(status));
    *dayBegin = position.beginIndex;
    *dayEnd = position.endIndex;
    return length;
}
int32_t cicu_udat_toPattern(const cicu_date_format *format, uint16_t *result, int32_t capacity, cicu_status *status) {
    return udat_toPattern((const UDateFormat *)format, 0, result, capacity, CICU_EC(status));
}
cicu_pattern_generator *cicu_udatpg_open(const char *locale, cicu_status *status) {
    return (cicu_pattern_generator *)udatpg_open(locale, CICU_EC(status));
}
void cicu_udatpg_close(cicu_pattern_generator *generator) { udatpg_close((UDateTimePatternGenerator *)generator); }
int32_t cicu_udatpg_getBestPattern(cicu_pattern_generator *generator, const uint16_t *skeleton, int32_t length, uint16_t *result, int32_t capacity, cicu_status *status) {
    return udatpg_getBestPattern((UDateTimePatternGenerator *)generator, skeleton, length, result, capacity, CICU_EC(status));
}
cicu_calendar *cicu_ucal_open(const uint16_t *zoneID, int32_t length, const char *locale, cicu_calendar_type type, cicu_status *status) {
    return (cicu_calendar *)ucal_open(zoneID, length, locale, (UCalendarType)type, CICU_EC(status));
}
void cicu_ucal_close(cicu_calendar *calendar) { ucal_close((UCalendar *)calendar); }
void cicu_ucal_setMillis(cicu_calendar *calendar, double millis, cicu_status *status) {
    ucal_setMillis((UCalendar *)calendar, millis, CICU_EC(status));
}
int32_t cicu_ucal_get(const cicu_calendar *calendar, cicu_calendar_field field, cicu_status *status) {
    return ucal_get((const UCalendar *)calendar, (UCalendarDateFields)field, CICU_EC(status));
}
int32_t cicu_ucal_getAttribute(const cicu_calendar *calendar, cicu_calendar_attribute attribute) {
    return ucal_getAttribute((const UCalendar *)calendar, (UCalendarAttribute)attribute);
}
const char *cicu_ucal_getTZDataVersion(cicu_status *status) {
    return ucal_getTZDataVersion(CICU_EC(status));
}
int32_t cicu_ucal_getCanonicalTimeZoneID(const uint16_t *zoneID, int32_t length, uint16_t *result, int32_t capacity, cicu_status *status) {
    UBool isSystemID = 0;
    return ucal_getCanonicalTimeZoneID(zoneID, length, result, capacity, &isSystemID, CICU_EC(status));
}
void cicu_ucal_setDefaultTimeZone(const uint16_t *zoneID, cicu_status *status) {
    ucal_setDefaultTimeZone(zoneID, CICU_EC(status));
}

// MARK: - Relative times and lists

cicu_relative_formatter *cicu_ureldatefmt_open(const char *locale, cicu_relative_style width, cicu_status *status) {
    return (cicu_relative_formatter *)ureldatefmt_open(locale, NULL, (UDateRelativeDateTimeFormatterStyle)width, UDISPCTX_CAPITALIZATION_NONE, CICU_EC(status));
}
void cicu_ureldatefmt_close(cicu_relative_formatter *formatter) { ureldatefmt_close((URelativeDateTimeFormatter *)formatter); }
int32_t cicu_ureldatefmt_format(const cicu_relative_formatter *formatter, double offset, cicu_relative_unit unit, uint16_t *result, int32_t capacity, cicu_status *status) {
    return ureldatefmt_format((const URelativeDateTimeFormatter *)formatter, offset, (URelativeDateTimeUnit)unit, result, capacity, CICU_EC(status));
}
int32_t cicu_ureldatefmt_formatNumeric(const cicu_relative_formatter *formatter, double offset, cicu_relative_unit unit, uint16_t *result, int32_t capacity, cicu_status *status) {
    return ureldatefmt_formatNumeric((const URelativeDateTimeFormatter *)formatter, offset, (URelativeDateTimeUnit)unit, result, capacity, CICU_EC(status));
}
cicu_list_formatter *cicu_ulistfmt_openForType(const char *locale, cicu_list_type type, cicu_list_width width, cicu_status *status) {
    return (cicu_list_formatter *)ulistfmt_openForType(locale, (UListFormatterType)type, (UListFormatterWidth)width, CICU_EC(status));
}
void cicu_ulistfmt_close(cicu_list_formatter *formatter) { ulistfmt_close((UListFormatter *)formatter); }
int32_t cicu_ulistfmt_format(const cicu_list_formatter *formatter, const uint16_t *const strings[], const int32_t *lengths, int32_t count, uint16_t *result, int32_t capacity, cicu_status *status) {
    return ulistfmt_format((const UListFormatter *)formatter, strings, lengths, count, result, capacity, CICU_EC(status));
}

// MARK: - MessageFormat

cicu_message_format *cicu_umsg_open(const uint16_t *pattern, int32_t length, const char *locale, int32_t *errorOffset, cicu_status *status) {
    UParseError perr = {0};
    UMessageFormat *r = umsg_open(pattern, length, locale, &perr, CICU_EC(status));
    cicu_store_offset(errorOffset, &perr);
    return (cicu_message_format *)r;
}
void cicu_umsg_close(cicu_message_format *format) { umsg_close((UMessageFormat *)format); }
int32_t cicu_umsg_vformat(const cicu_message_format *format, uint16_t *result, int32_t capacity, va_list arguments, cicu_status *status) {
    return umsg_vformat((const UMessageFormat *)format, result, capacity, arguments, CICU_EC(status));
}

#endif  // CICUSHIM_SYSTEM_ICU
