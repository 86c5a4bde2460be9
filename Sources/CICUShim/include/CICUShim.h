// The part of the system ICU that ICUKit uses, as a small C API with NO ICU header in sight.
//
// Why ICU-free: on Linux, Foundation carries its own ICU (`_FoundationICU`, ICU 76). A Swift
// module that sees the system ICU headers (72 on Debian 12) and also imports Foundation, in the
// same file, another file of the module, or any client, fails a clean build with
// "'UErrorCode' has different definitions in different modules" (and likewise for
// `UDisplayContext`, `UCalendarDateFields`, `UNumberFormatAttribute`...). `@_implementationOnly`
// hid them but warns in every file without library evolution. So this header declares only
// its own types (opaque `cicu_*` handles, `uint16_t` for `UChar`, `int32_t`-sized enums with
// ICU's numeric values) and `CICUShim.c` includes the ICU headers. There, ICU's renaming macros
// map each call to the installed version's symbol (`u_errorName_72`), and `_Static_assert`s
// check every constant below against ICU's own.
//
// Conventions: each function is `cicu_` + the ICU function it calls, with ICU's argument
// order; `status` is ICU's in/out `UErrorCode` (callers start with `CICU_U_ZERO_ERROR`; a
// failing status on entry makes the call do nothing, as in ICU). Parameters ICUKit never uses
// (`UFieldPosition`, `nfToAdopt`, most of `UParseError`) are dropped.
#ifndef CICUSHIM_H
#define CICUSHIM_H

#include <stdarg.h>
#include <stdint.h>

// MARK: - Types

/// ICU's `UErrorCode`: 0 is success, negative values are warnings, positive ones errors.
typedef enum cicu_status : int32_t {
    /// `U_USING_FALLBACK_WARNING`: a resource came from a fallback locale.
    CICU_U_USING_FALLBACK_WARNING = -128,
    /// `U_USING_DEFAULT_WARNING`: a resource came from the root locale.
    CICU_U_USING_DEFAULT_WARNING = -127,
    /// `U_STRING_NOT_TERMINATED_WARNING`: the output filled the buffer exactly, without a NUL.
    CICU_U_STRING_NOT_TERMINATED_WARNING = -124,
    /// `U_ZERO_ERROR`: success.
    CICU_U_ZERO_ERROR = 0,
    /// `U_ILLEGAL_ARGUMENT_ERROR`.
    CICU_U_ILLEGAL_ARGUMENT_ERROR = 1,
    /// `U_MEMORY_ALLOCATION_ERROR`.
    CICU_U_MEMORY_ALLOCATION_ERROR = 7,
    /// `U_BUFFER_OVERFLOW_ERROR`: the result needs the returned length; call again with more room.
    CICU_U_BUFFER_OVERFLOW_ERROR = 15,
    /// `U_UNSUPPORTED_ERROR`.
    CICU_U_UNSUPPORTED_ERROR = 16,
    /// `U_UNMATCHED_BRACES`: a MessageFormat pattern with unbalanced braces.
    CICU_U_UNMATCHED_BRACES = 65801,
    /// `U_DEFAULT_KEYWORD_MISSING`: a plural or select without `other`.
    CICU_U_DEFAULT_KEYWORD_MISSING = 65807,
    /// `U_PATTERN_SYNTAX_ERROR`.
    CICU_U_PATTERN_SYNTAX_ERROR = 65799,
    /// `U_NUMBER_SKELETON_SYNTAX_ERROR`.
    CICU_U_NUMBER_SKELETON_SYNTAX_ERROR = 65811,
} cicu_status;

/// ICU's `UPluralType`.
typedef enum cicu_plural_type : int32_t {
    /// `UPLURAL_TYPE_CARDINAL`: one book, two books.
    CICU_UPLURAL_TYPE_CARDINAL = 0,
    /// `UPLURAL_TYPE_ORDINAL`: 1st, 2nd.
    CICU_UPLURAL_TYPE_ORDINAL = 1,
} cicu_plural_type;

/// ICU's `UNumberFormatStyle` (the legacy `unum_open` styles ICUKit uses).
typedef enum cicu_number_format_style : int32_t {
    /// `UNUM_PATTERN_DECIMAL`: a DecimalFormat pattern.
    CICU_UNUM_PATTERN_DECIMAL = 0,
    /// `UNUM_SPELLOUT`: rule-based spelled-out numbers.
    CICU_UNUM_SPELLOUT = 5,
    /// `UNUM_ORDINAL`: rule-based ordinals.
    CICU_UNUM_ORDINAL = 6,
    /// `UNUM_DURATION`: rule-based durations.
    CICU_UNUM_DURATION = 7,
} cicu_number_format_style;

/// ICU's `UDateFormatStyle`.
typedef enum cicu_date_format_style : int32_t {
    /// `UDAT_FULL`.
    CICU_UDAT_FULL = 0,
    /// `UDAT_LONG`.
    CICU_UDAT_LONG = 1,
    /// `UDAT_MEDIUM`.
    CICU_UDAT_MEDIUM = 2,
    /// `UDAT_SHORT`.
    CICU_UDAT_SHORT = 3,
    /// `UDAT_NONE`: no date (or no time) part.
    CICU_UDAT_NONE = -1,
    /// `UDAT_PATTERN`: use the given pattern (both styles must say so).
    CICU_UDAT_PATTERN = -2,
} cicu_date_format_style;

/// ICU's `UCalendarType`.
typedef enum cicu_calendar_type : int32_t {
    /// `UCAL_GREGORIAN`.
    CICU_UCAL_GREGORIAN = 1,
} cicu_calendar_type;

/// ICU's `UCalendarDateFields` (those ICUKit reads).
typedef enum cicu_calendar_field : int32_t {
    /// `UCAL_ZONE_OFFSET`: the raw offset from UTC in milliseconds.
    CICU_UCAL_ZONE_OFFSET = 15,
    /// `UCAL_DST_OFFSET`: the daylight saving offset in milliseconds.
    CICU_UCAL_DST_OFFSET = 16,
} cicu_calendar_field;

/// ICU's `UCalendarAttribute` (those ICUKit reads).
typedef enum cicu_calendar_attribute : int32_t {
    /// `UCAL_FIRST_DAY_OF_WEEK`: 1 = Sunday … 7 = Saturday.
    CICU_UCAL_FIRST_DAY_OF_WEEK = 1,
} cicu_calendar_attribute;

/// ICU's `URelativeDateTimeUnit`.
typedef enum cicu_relative_unit : int32_t {
    /// `UDAT_REL_UNIT_YEAR`.
    CICU_UDAT_REL_UNIT_YEAR = 0,
    /// `UDAT_REL_UNIT_QUARTER`.
    CICU_UDAT_REL_UNIT_QUARTER = 1,
    /// `UDAT_REL_UNIT_MONTH`.
    CICU_UDAT_REL_UNIT_MONTH = 2,
    /// `UDAT_REL_UNIT_WEEK`.
    CICU_UDAT_REL_UNIT_WEEK = 3,
    /// `UDAT_REL_UNIT_DAY`.
    CICU_UDAT_REL_UNIT_DAY = 4,
    /// `UDAT_REL_UNIT_HOUR`.
    CICU_UDAT_REL_UNIT_HOUR = 5,
    /// `UDAT_REL_UNIT_MINUTE`.
    CICU_UDAT_REL_UNIT_MINUTE = 6,
    /// `UDAT_REL_UNIT_SECOND`.
    CICU_UDAT_REL_UNIT_SECOND = 7,
} cicu_relative_unit;

/// ICU's `UDateRelativeDateTimeFormatterStyle`.
typedef enum cicu_relative_style : int32_t {
    /// `UDAT_STYLE_LONG`: "in 5 hours".
    CICU_UDAT_STYLE_LONG = 0,
    /// `UDAT_STYLE_SHORT`: "in 5 hr.".
    CICU_UDAT_STYLE_SHORT = 1,
    /// `UDAT_STYLE_NARROW`: "in 5h".
    CICU_UDAT_STYLE_NARROW = 2,
} cicu_relative_style;

/// ICU's `UListFormatterType`.
typedef enum cicu_list_type : int32_t {
    /// `ULISTFMT_TYPE_AND`.
    CICU_ULISTFMT_TYPE_AND = 0,
    /// `ULISTFMT_TYPE_OR`.
    CICU_ULISTFMT_TYPE_OR = 1,
    /// `ULISTFMT_TYPE_UNITS`.
    CICU_ULISTFMT_TYPE_UNITS = 2,
} cicu_list_type;

/// ICU's `UListFormatterWidth`.
typedef enum cicu_list_width : int32_t {
    /// `ULISTFMT_WIDTH_WIDE`.
    CICU_ULISTFMT_WIDTH_WIDE = 0,
    /// `ULISTFMT_WIDTH_SHORT`.
    CICU_ULISTFMT_WIDTH_SHORT = 1,
    /// `ULISTFMT_WIDTH_NARROW`.
    CICU_ULISTFMT_WIDTH_NARROW = 2,
} cicu_list_width;

/// ICU's `UPluralRules`.
typedef struct cicu_plural_rules cicu_plural_rules;
/// ICU's `UEnumeration`.
typedef struct cicu_enumeration cicu_enumeration;
/// ICU's `UNumberFormatter` (number skeletons).
typedef struct cicu_number_formatter cicu_number_formatter;
/// ICU's `UFormattedNumber`.
typedef struct cicu_formatted_number cicu_formatted_number;
/// ICU's legacy `UNumberFormat`.
typedef struct cicu_number_format cicu_number_format;
/// ICU's `UDateFormat`.
typedef struct cicu_date_format cicu_date_format;
/// ICU's `UDateTimePatternGenerator`.
typedef struct cicu_pattern_generator cicu_pattern_generator;
/// ICU's `UCalendar`.
typedef struct cicu_calendar cicu_calendar;
/// ICU's `UResourceBundle`.
typedef struct cicu_resource_bundle cicu_resource_bundle;
/// ICU's `URelativeDateTimeFormatter`.
typedef struct cicu_relative_formatter cicu_relative_formatter;
/// ICU's `UListFormatter`.
typedef struct cicu_list_formatter cicu_list_formatter;
/// ICU's `UMessageFormat`.
typedef struct cicu_message_format cicu_message_format;

// MARK: - Errors

/// ICU's name of a status code ("U_BUFFER_OVERFLOW_ERROR"). Calls `u_errorName`.
const char *cicu_u_errorName(cicu_status code);

// MARK: - Locales and resource bundles

/// BCP 47 tag to ICU locale id. Calls `uloc_forLanguageTag`.
int32_t cicu_uloc_forLanguageTag(const char *tag, char *localeID, int32_t capacity, int32_t *parsedLength, cicu_status *status);
/// ICU locale id to BCP 47 tag. Calls `uloc_toLanguageTag`.
int32_t cicu_uloc_toLanguageTag(const char *localeID, char *tag, int32_t capacity, int8_t strict, cicu_status *status);
/// Adds likely subtags. Calls `uloc_addLikelySubtags`.
int32_t cicu_uloc_addLikelySubtags(const char *localeID, char *result, int32_t capacity, cicu_status *status);
/// Removes likely subtags. Calls `uloc_minimizeSubtags`.
int32_t cicu_uloc_minimizeSubtags(const char *localeID, char *result, int32_t capacity, cicu_status *status);
/// Canonicalizes a locale id. Calls `uloc_canonicalize`.
int32_t cicu_uloc_canonicalize(const char *localeID, char *result, int32_t capacity, cicu_status *status);
/// The id without its last subtag. Calls `uloc_getParent`.
int32_t cicu_uloc_getParent(const char *localeID, char *result, int32_t capacity, cicu_status *status);
/// The language subtag. Calls `uloc_getLanguage`.
int32_t cicu_uloc_getLanguage(const char *localeID, char *result, int32_t capacity, cicu_status *status);
/// Opens a resource bundle with fallback (`packageName` NULL: ICU's data). Calls `ures_open`.
cicu_resource_bundle *cicu_ures_open(const char *packageName, const char *locale, cicu_status *status);
/// Opens a locale's own resource bundle (ICU's data): NULL when ICU has none of that exact id,
/// when it would fall back to a parent, or when the id is an alias (`zh_HK` → `zh_Hant_HK`).
/// Calls `ures_open` and `ures_getLocaleByType`, never `ures_openDirect` (see CICUShim.c).
cicu_resource_bundle *cicu_ures_openOwn(const char *locale, cicu_status *status);
/// A string resource by key, owned by the bundle. Calls `ures_getStringByKey`.
const uint16_t *cicu_ures_getStringByKey(const cicu_resource_bundle *bundle, const char *key, int32_t *length, cicu_status *status);
/// Closes a resource bundle. Calls `ures_close`.
void cicu_ures_close(cicu_resource_bundle *bundle);
/// The ISO 4217 currency of a locale's region. Calls `ucurr_forLocale`.
int32_t cicu_ucurr_forLocale(const char *locale, uint16_t *buffer, int32_t capacity, cicu_status *status);

// MARK: - Plural rules

/// Opens the plural rules of a locale. Calls `uplrules_openForType`.
cicu_plural_rules *cicu_uplrules_openForType(const char *locale, cicu_plural_type type, cicu_status *status);
/// Closes plural rules. Calls `uplrules_close`.
void cicu_uplrules_close(cicu_plural_rules *rules);
/// Writes the keyword of a double's category. Calls `uplrules_select`.
int32_t cicu_uplrules_select(const cicu_plural_rules *rules, double number, uint16_t *keyword, int32_t capacity, cicu_status *status);
/// Writes the keyword of a formatted number's category. Calls `uplrules_selectFormatted`.
int32_t cicu_uplrules_selectFormatted(const cicu_plural_rules *rules, const cicu_formatted_number *number, uint16_t *keyword, int32_t capacity, cicu_status *status);
/// Writes the keyword of a number's category as a legacy format shows it. Calls `uplrules_selectWithFormat`.
int32_t cicu_uplrules_selectWithFormat(const cicu_plural_rules *rules, double number, const cicu_number_format *format, uint16_t *keyword, int32_t capacity, cicu_status *status);
/// The keywords of the rules' categories. Calls `uplrules_getKeywords`.
cicu_enumeration *cicu_uplrules_getKeywords(const cicu_plural_rules *rules, cicu_status *status);
/// The next string of an enumeration, or NULL at its end. Calls `uenum_next`.
const char *cicu_uenum_next(cicu_enumeration *enumeration, int32_t *length, cicu_status *status);
/// Closes an enumeration. Calls `uenum_close`.
void cicu_uenum_close(cicu_enumeration *enumeration);

// MARK: - Numbers

/// Opens a number formatter; on a syntax error `errorOffset` (may be NULL) gets ICU's
/// `UParseError.offset`. Calls `unumf_openForSkeletonAndLocaleWithError`.
cicu_number_formatter *cicu_unumf_openForSkeletonAndLocaleWithError(const uint16_t *skeleton, int32_t length, const char *locale, int32_t *errorOffset, cicu_status *status);
/// Closes a number formatter. Calls `unumf_close`.
void cicu_unumf_close(cicu_number_formatter *formatter);
/// Opens a reusable result. Calls `unumf_openResult`.
cicu_formatted_number *cicu_unumf_openResult(cicu_status *status);
/// Closes a result. Calls `unumf_closeResult`.
void cicu_unumf_closeResult(cicu_formatted_number *result);
/// Formats an integer into `result`. Calls `unumf_formatInt`.
void cicu_unumf_formatInt(const cicu_number_formatter *formatter, int64_t value, cicu_formatted_number *result, cicu_status *status);
/// Formats a double into `result`. Calls `unumf_formatDouble`.
void cicu_unumf_formatDouble(const cicu_number_formatter *formatter, double value, cicu_formatted_number *result, cicu_status *status);
/// Formats a decimal string into `result`. Calls `unumf_formatDecimal`.
void cicu_unumf_formatDecimal(const cicu_number_formatter *formatter, const char *value, int32_t length, cicu_formatted_number *result, cicu_status *status);
/// The result's UTF-16 text, owned by the result. Calls `unumf_resultAsValue` then `ufmtval_getString`.
const uint16_t *cicu_unumf_resultGetString(const cicu_formatted_number *result, int32_t *length, cicu_status *status);
/// Opens a legacy number format (`pattern` only for `CICU_UNUM_PATTERN_DECIMAL`); on a syntax
/// error `errorOffset` (may be NULL) gets `UParseError.offset`. Calls `unum_open`.
cicu_number_format *cicu_unum_open(cicu_number_format_style style, const uint16_t *pattern, int32_t length, const char *locale, int32_t *errorOffset, cicu_status *status);
/// Closes a legacy number format. Calls `unum_close`.
void cicu_unum_close(cicu_number_format *format);
/// Formats a double. Calls `unum_formatDouble` (no field position).
int32_t cicu_unum_formatDouble(const cicu_number_format *format, double number, uint16_t *result, int32_t capacity, cicu_status *status);
/// Formats an integer. Calls `unum_formatInt64` (no field position).
int32_t cicu_unum_formatInt64(const cicu_number_format *format, int64_t number, uint16_t *result, int32_t capacity, cicu_status *status);
/// Formats a decimal string. Calls `unum_formatDecimal` (no field position).
int32_t cicu_unum_formatDecimal(const cicu_number_format *format, const char *number, int32_t length, uint16_t *result, int32_t capacity, cicu_status *status);
/// Selects the rule set of a rule-based format (`%spellout-ordinal`). Calls `unum_setTextAttribute(UNUM_DEFAULT_RULESET)`.
void cicu_unum_setDefaultRuleSet(cicu_number_format *format, const uint16_t *ruleSet, int32_t length, cicu_status *status);

// MARK: - Dates, calendars, time zones

/// Opens a date format (styles, or `CICU_UDAT_PATTERN` twice and a pattern) in a time zone. Calls `udat_open`.
cicu_date_format *cicu_udat_open(cicu_date_format_style timeStyle, cicu_date_format_style dateStyle, const char *locale, const uint16_t *zoneID, int32_t zoneIDLength, const uint16_t *pattern, int32_t patternLength, cicu_status *status);
/// Closes a date format. Calls `udat_close`.
void cicu_udat_close(cicu_date_format *format);
/// Formats an instant (ms since 1970). Calls `udat_format` (no field position).
int32_t cicu_udat_format(const cicu_date_format *format, double date, uint16_t *result, int32_t capacity, cicu_status *status);
/// Formats an instant (ms since 1970) and gives the UTF-16 range of its day of the month (`UDAT_DATE_FIELD`;
/// 0 and 0 when the pattern has none). Calls `udat_format` with a field position.
int32_t cicu_udat_formatWithDayOfMonth(const cicu_date_format *format, double date, uint16_t *result, int32_t capacity, int32_t *dayBegin, int32_t *dayEnd, cicu_status *status);
/// The format's pattern, as written (not localized). Calls `udat_toPattern`.
int32_t cicu_udat_toPattern(const cicu_date_format *format, uint16_t *result, int32_t capacity, cicu_status *status);
/// Opens a date-time pattern generator. Calls `udatpg_open`.
cicu_pattern_generator *cicu_udatpg_open(const char *locale, cicu_status *status);
/// Closes a pattern generator. Calls `udatpg_close`.
void cicu_udatpg_close(cicu_pattern_generator *generator);
/// The best pattern for a skeleton. Calls `udatpg_getBestPattern`.
int32_t cicu_udatpg_getBestPattern(cicu_pattern_generator *generator, const uint16_t *skeleton, int32_t length, uint16_t *result, int32_t capacity, cicu_status *status);
/// Opens a calendar in a time zone. Calls `ucal_open`.
cicu_calendar *cicu_ucal_open(const uint16_t *zoneID, int32_t length, const char *locale, cicu_calendar_type type, cicu_status *status);
/// Closes a calendar. Calls `ucal_close`.
void cicu_ucal_close(cicu_calendar *calendar);
/// Sets the calendar's instant (ms since 1970). Calls `ucal_setMillis`.
void cicu_ucal_setMillis(cicu_calendar *calendar, double millis, cicu_status *status);
/// A field's value at the calendar's instant. Calls `ucal_get`.
int32_t cicu_ucal_get(const cicu_calendar *calendar, cicu_calendar_field field, cicu_status *status);
/// A calendar attribute. Calls `ucal_getAttribute`.
int32_t cicu_ucal_getAttribute(const cicu_calendar *calendar, cicu_calendar_attribute attribute);
/// The version of ICU's time-zone data ("2022e"). Calls `ucal_getTZDataVersion`.
const char *cicu_ucal_getTZDataVersion(cicu_status *status);
/// The canonical id of a time zone; fails for an id ICU does not know. Calls `ucal_getCanonicalTimeZoneID`.
int32_t cicu_ucal_getCanonicalTimeZoneID(const uint16_t *zoneID, int32_t length, uint16_t *result, int32_t capacity, cicu_status *status);
/// Sets ICU's process-wide default time zone (NUL-terminated id). Calls `ucal_setDefaultTimeZone`.
void cicu_ucal_setDefaultTimeZone(const uint16_t *zoneID, cicu_status *status);

// MARK: - Relative times and lists

/// Opens a relative time formatter (ICU's default number format, no capitalization). Calls `ureldatefmt_open`.
cicu_relative_formatter *cicu_ureldatefmt_open(const char *locale, cicu_relative_style width, cicu_status *status);
/// Closes a relative time formatter. Calls `ureldatefmt_close`.
void cicu_ureldatefmt_close(cicu_relative_formatter *formatter);
/// "tomorrow", "in 5 hours". Calls `ureldatefmt_format`.
int32_t cicu_ureldatefmt_format(const cicu_relative_formatter *formatter, double offset, cicu_relative_unit unit, uint16_t *result, int32_t capacity, cicu_status *status);
/// "in 1 day", "in 5 hours". Calls `ureldatefmt_formatNumeric`.
int32_t cicu_ureldatefmt_formatNumeric(const cicu_relative_formatter *formatter, double offset, cicu_relative_unit unit, uint16_t *result, int32_t capacity, cicu_status *status);
/// Opens a list formatter. Calls `ulistfmt_openForType`.
cicu_list_formatter *cicu_ulistfmt_openForType(const char *locale, cicu_list_type type, cicu_list_width width, cicu_status *status);
/// Closes a list formatter. Calls `ulistfmt_close`.
void cicu_ulistfmt_close(cicu_list_formatter *formatter);
/// Joins `count` UTF-16 strings. Calls `ulistfmt_format`.
int32_t cicu_ulistfmt_format(const cicu_list_formatter *formatter, const uint16_t *const strings[], const int32_t *lengths, int32_t count, uint16_t *result, int32_t capacity, cicu_status *status);

// MARK: - MessageFormat (the reference oracle)

/// Opens a MessageFormat; on a syntax error `errorOffset` (may be NULL) gets `UParseError.offset`. Calls `umsg_open`.
cicu_message_format *cicu_umsg_open(const uint16_t *pattern, int32_t length, const char *locale, int32_t *errorOffset, cicu_status *status);
/// Closes a MessageFormat. Calls `umsg_close`.
void cicu_umsg_close(cicu_message_format *format);
/// Formats with numbered arguments passed as C variadics. Calls `umsg_vformat`.
int32_t cicu_umsg_vformat(const cicu_message_format *format, uint16_t *result, int32_t capacity, va_list arguments, cicu_status *status);

#endif
