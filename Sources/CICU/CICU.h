// The system ICU, as one Clang module for Swift. Only ICUKit imports it.
//
// ICU renames every C function with its major version through function-like macros
// (`u_errorName` -> `u_errorName_72`), which Swift cannot call. So each function ICUKit
// uses is declared once more below with a `swift_name`: the declaration goes through the
// same macro, so the binary references the versioned symbol of whatever ICU is installed
// (Debian's 72, Homebrew's 7x), and a prototype that drifts from ICU's fails to compile
// ("conflicting types"). After editing this file, `rm -rf .build`: header edits do not
// always invalidate an incremental build.
#ifndef CICU_H
#define CICU_H

#include <stdarg.h>
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

U_CAPI const char * U_EXPORT2 u_errorName(UErrorCode code) __attribute__((swift_name("u_errorName(_:)")));
U_CAPI int32_t U_EXPORT2 uloc_forLanguageTag(const char* langtag, char* localeID, int32_t localeIDCapacity, int32_t* parsedLength, UErrorCode* err) __attribute__((swift_name("uloc_forLanguageTag(_:_:_:_:_:)")));
U_CAPI int32_t U_EXPORT2 uloc_toLanguageTag(const char* localeID, char* langtag, int32_t langtagCapacity, UBool strict, UErrorCode* err) __attribute__((swift_name("uloc_toLanguageTag(_:_:_:_:_:)")));
U_CAPI int32_t U_EXPORT2 uloc_addLikelySubtags(const char* localeID, char* maximizedLocaleID, int32_t maximizedLocaleIDCapacity, UErrorCode* err) __attribute__((swift_name("uloc_addLikelySubtags(_:_:_:_:)")));
U_CAPI int32_t U_EXPORT2 uloc_minimizeSubtags(const char* localeID, char* minimizedLocaleID, int32_t minimizedLocaleIDCapacity, UErrorCode* err) __attribute__((swift_name("uloc_minimizeSubtags(_:_:_:_:)")));
U_CAPI int32_t U_EXPORT2 uloc_canonicalize(const char* localeID, char* name, int32_t nameCapacity, UErrorCode* err) __attribute__((swift_name("uloc_canonicalize(_:_:_:_:)")));
U_CAPI int32_t U_EXPORT2 uloc_getParent(const char* localeID, char* parent, int32_t parentCapacity, UErrorCode* err) __attribute__((swift_name("uloc_getParent(_:_:_:_:)")));
U_CAPI int32_t U_EXPORT2 uloc_getLanguage(const char* localeID, char* language, int32_t languageCapacity, UErrorCode* err) __attribute__((swift_name("uloc_getLanguage(_:_:_:_:)")));
U_CAPI int32_t U_EXPORT2 uloc_getScript(const char* localeID, char* script, int32_t scriptCapacity, UErrorCode* err) __attribute__((swift_name("uloc_getScript(_:_:_:_:)")));
U_CAPI int32_t U_EXPORT2 uloc_getCountry(const char* localeID, char* country, int32_t countryCapacity, UErrorCode* err) __attribute__((swift_name("uloc_getCountry(_:_:_:_:)")));
U_CAPI UResourceBundle* U_EXPORT2 ures_open(const char* packageName, const char* locale, UErrorCode* status) __attribute__((swift_name("ures_open(_:_:_:)")));
U_CAPI const UChar* U_EXPORT2 ures_getStringByKey(const UResourceBundle *resB, const char* key, int32_t* len, UErrorCode *status) __attribute__((swift_name("ures_getStringByKey(_:_:_:_:)")));
U_CAPI void U_EXPORT2 ures_close(UResourceBundle* resourceBundle) __attribute__((swift_name("ures_close(_:)")));
U_CAPI UPluralRules* U_EXPORT2 uplrules_openForType(const char *locale, UPluralType type, UErrorCode *status) __attribute__((swift_name("uplrules_openForType(_:_:_:)")));
U_CAPI void U_EXPORT2 uplrules_close(UPluralRules *uplrules) __attribute__((swift_name("uplrules_close(_:)")));
U_CAPI int32_t U_EXPORT2 uplrules_select(const UPluralRules *uplrules, double number, UChar *keyword, int32_t capacity, UErrorCode *status) __attribute__((swift_name("uplrules_select(_:_:_:_:_:)")));
U_CAPI int32_t U_EXPORT2 uplrules_selectFormatted(const UPluralRules *uplrules, const struct UFormattedNumber* number, UChar *keyword, int32_t capacity, UErrorCode *status) __attribute__((swift_name("uplrules_selectFormatted(_:_:_:_:_:)")));
U_CAPI int32_t U_EXPORT2 uplrules_selectWithFormat(const UPluralRules *uplrules, double number, const UNumberFormat *fmt, UChar *keyword, int32_t capacity, UErrorCode *status) __attribute__((swift_name("uplrules_selectWithFormat(_:_:_:_:_:_:)")));
U_CAPI UEnumeration* U_EXPORT2 uplrules_getKeywords(const UPluralRules *uplrules, UErrorCode *status) __attribute__((swift_name("uplrules_getKeywords(_:_:)")));
U_CAPI const char* U_EXPORT2 uenum_next(UEnumeration* en, int32_t* resultLength, UErrorCode* status) __attribute__((swift_name("uenum_next(_:_:_:)")));
U_CAPI void U_EXPORT2 uenum_close(UEnumeration* en) __attribute__((swift_name("uenum_close(_:)")));
U_CAPI UNumberFormatter* U_EXPORT2 unumf_openForSkeletonAndLocaleWithError(const UChar* skeleton, int32_t skeletonLen, const char* locale, UParseError* perror, UErrorCode* ec) __attribute__((swift_name("unumf_openForSkeletonAndLocaleWithError(_:_:_:_:_:)")));
U_CAPI UFormattedNumber* U_EXPORT2 unumf_openResult(UErrorCode* ec) __attribute__((swift_name("unumf_openResult(_:)")));
U_CAPI void U_EXPORT2 unumf_formatInt(const UNumberFormatter* uformatter, int64_t value, UFormattedNumber* uresult, UErrorCode* ec) __attribute__((swift_name("unumf_formatInt(_:_:_:_:)")));
U_CAPI void U_EXPORT2 unumf_formatDouble(const UNumberFormatter* uformatter, double value, UFormattedNumber* uresult, UErrorCode* ec) __attribute__((swift_name("unumf_formatDouble(_:_:_:_:)")));
U_CAPI void U_EXPORT2 unumf_formatDecimal(const UNumberFormatter* uformatter, const char* value, int32_t valueLen, UFormattedNumber* uresult, UErrorCode* ec) __attribute__((swift_name("unumf_formatDecimal(_:_:_:_:_:)")));
U_CAPI const UFormattedValue* U_EXPORT2 unumf_resultAsValue(const UFormattedNumber* uresult, UErrorCode* ec) __attribute__((swift_name("unumf_resultAsValue(_:_:)")));
U_CAPI const UChar* U_EXPORT2 ufmtval_getString(const UFormattedValue* ufmtval, int32_t* pLength, UErrorCode* ec) __attribute__((swift_name("ufmtval_getString(_:_:_:)")));
U_CAPI void U_EXPORT2 unumf_close(UNumberFormatter* uformatter) __attribute__((swift_name("unumf_close(_:)")));
U_CAPI void U_EXPORT2 unumf_closeResult(UFormattedNumber* uresult) __attribute__((swift_name("unumf_closeResult(_:)")));
U_CAPI UNumberFormat* U_EXPORT2 unum_open(UNumberFormatStyle style, const UChar* pattern, int32_t patternLength, const char* locale, UParseError* parseErr, UErrorCode* status) __attribute__((swift_name("unum_open(_:_:_:_:_:_:)")));
U_CAPI void U_EXPORT2 unum_close(UNumberFormat* fmt) __attribute__((swift_name("unum_close(_:)")));
U_CAPI int32_t U_EXPORT2 unum_formatDouble(const UNumberFormat* fmt, double number, UChar* result, int32_t resultLength, UFieldPosition *pos, UErrorCode* status) __attribute__((swift_name("unum_formatDouble(_:_:_:_:_:_:)")));
U_CAPI int32_t U_EXPORT2 unum_formatInt64(const UNumberFormat *fmt, int64_t number, UChar* result, int32_t resultLength, UFieldPosition *pos, UErrorCode* status) __attribute__((swift_name("unum_formatInt64(_:_:_:_:_:_:)")));
U_CAPI int32_t U_EXPORT2 unum_formatDecimal(const UNumberFormat* fmt, const char * number, int32_t length, UChar* result, int32_t resultLength, UFieldPosition *pos, UErrorCode* status) __attribute__((swift_name("unum_formatDecimal(_:_:_:_:_:_:_:)")));
U_CAPI void U_EXPORT2 unum_setTextAttribute(UNumberFormat* fmt, UNumberFormatTextAttribute tag, const UChar* newValue, int32_t newValueLength, UErrorCode *status) __attribute__((swift_name("unum_setTextAttribute(_:_:_:_:_:)")));
U_CAPI UDateFormat* U_EXPORT2 udat_open(UDateFormatStyle timeStyle, UDateFormatStyle dateStyle, const char *locale, const UChar *tzID, int32_t tzIDLength, const UChar *pattern, int32_t patternLength, UErrorCode *status) __attribute__((swift_name("udat_open(_:_:_:_:_:_:_:_:)")));
U_CAPI void U_EXPORT2 udat_close(UDateFormat* format) __attribute__((swift_name("udat_close(_:)")));
U_CAPI int32_t U_EXPORT2 udat_format(const UDateFormat* format, UDate dateToFormat, UChar* result, int32_t resultLength, UFieldPosition* position, UErrorCode* status) __attribute__((swift_name("udat_format(_:_:_:_:_:_:)")));
U_CAPI UDateFormat* U_EXPORT2 udat_clone(const UDateFormat *fmt, UErrorCode *status) __attribute__((swift_name("udat_clone(_:_:)")));
U_CAPI UDateTimePatternGenerator * U_EXPORT2 udatpg_open(const char *locale, UErrorCode *pErrorCode) __attribute__((swift_name("udatpg_open(_:_:)")));
U_CAPI void U_EXPORT2 udatpg_close(UDateTimePatternGenerator *dtpg) __attribute__((swift_name("udatpg_close(_:)")));
U_CAPI int32_t U_EXPORT2 udatpg_getBestPattern(UDateTimePatternGenerator *dtpg, const UChar *skeleton, int32_t length, UChar *bestPattern, int32_t capacity, UErrorCode *pErrorCode) __attribute__((swift_name("udatpg_getBestPattern(_:_:_:_:_:_:)")));
U_CAPI URelativeDateTimeFormatter* U_EXPORT2 ureldatefmt_open(const char* locale, UNumberFormat* nfToAdopt, UDateRelativeDateTimeFormatterStyle width, UDisplayContext capitalizationContext, UErrorCode* status) __attribute__((swift_name("ureldatefmt_open(_:_:_:_:_:)")));
U_CAPI void U_EXPORT2 ureldatefmt_close(URelativeDateTimeFormatter *reldatefmt) __attribute__((swift_name("ureldatefmt_close(_:)")));
U_CAPI int32_t U_EXPORT2 ureldatefmt_format(const URelativeDateTimeFormatter* reldatefmt, double offset, URelativeDateTimeUnit unit, UChar* result, int32_t resultCapacity, UErrorCode* status) __attribute__((swift_name("ureldatefmt_format(_:_:_:_:_:_:)")));
U_CAPI int32_t U_EXPORT2 ureldatefmt_formatNumeric(const URelativeDateTimeFormatter* reldatefmt, double offset, URelativeDateTimeUnit unit, UChar* result, int32_t resultCapacity, UErrorCode* status) __attribute__((swift_name("ureldatefmt_formatNumeric(_:_:_:_:_:_:)")));
U_CAPI UListFormatter* U_EXPORT2 ulistfmt_openForType(const char* locale, UListFormatterType type, UListFormatterWidth width, UErrorCode* status) __attribute__((swift_name("ulistfmt_openForType(_:_:_:_:)")));
U_CAPI void U_EXPORT2 ulistfmt_close(UListFormatter *listfmt) __attribute__((swift_name("ulistfmt_close(_:)")));
U_CAPI int32_t U_EXPORT2 ulistfmt_format(const UListFormatter* listfmt, const UChar* const strings[], const int32_t * stringLengths, int32_t stringCount, UChar* result, int32_t resultCapacity, UErrorCode* status) __attribute__((swift_name("ulistfmt_format(_:_:_:_:_:_:_:)")));
U_CAPI int32_t U_EXPORT2 ucurr_forLocale(const char* locale, UChar* buff, int32_t buffCapacity, UErrorCode* ec) __attribute__((swift_name("ucurr_forLocale(_:_:_:_:)")));
U_CAPI UMessageFormat* U_EXPORT2 umsg_open(const UChar *pattern, int32_t patternLength, const char *locale, UParseError *parseError, UErrorCode *status) __attribute__((swift_name("umsg_open(_:_:_:_:_:)")));
U_CAPI void U_EXPORT2 umsg_close(UMessageFormat* format) __attribute__((swift_name("umsg_close(_:)")));
U_CAPI int32_t U_EXPORT2 umsg_vformat(const UMessageFormat *fmt, UChar *result, int32_t resultLength, va_list ap, UErrorCode *status) __attribute__((swift_name("umsg_vformat(_:_:_:_:_:)")));
U_CAPI UCalendar* U_EXPORT2 ucal_open(const UChar* zoneID, int32_t len, const char* locale, UCalendarType type, UErrorCode* status) __attribute__((swift_name("ucal_open(_:_:_:_:_:)")));
U_CAPI void U_EXPORT2 ucal_close(UCalendar *cal) __attribute__((swift_name("ucal_close(_:)")));
U_CAPI void U_EXPORT2 ucal_setMillis(UCalendar* cal, UDate dateTime, UErrorCode* status) __attribute__((swift_name("ucal_setMillis(_:_:_:)")));
U_CAPI int32_t U_EXPORT2 ucal_get(const UCalendar* cal, UCalendarDateFields field, UErrorCode* status) __attribute__((swift_name("ucal_get(_:_:_:)")));
U_CAPI int32_t U_EXPORT2 ucal_getAttribute(const UCalendar* cal, UCalendarAttribute attr) __attribute__((swift_name("ucal_getAttribute(_:_:)")));
U_CAPI const char * U_EXPORT2 ucal_getTZDataVersion(UErrorCode* status) __attribute__((swift_name("ucal_getTZDataVersion(_:)")));
U_CAPI int32_t U_EXPORT2 ucal_getCanonicalTimeZoneID(const UChar* id, int32_t len, UChar* result, int32_t resultCapacity, UBool *isSystemID, UErrorCode* status) __attribute__((swift_name("ucal_getCanonicalTimeZoneID(_:_:_:_:_:_:)")));
U_CAPI void U_EXPORT2 ucal_setAttribute(UCalendar* cal, UCalendarAttribute attr, int32_t newValue) __attribute__((swift_name("ucal_setAttribute(_:_:_:)")));
U_CAPI UBool U_EXPORT2 ucal_getTimeZoneTransitionDate(const UCalendar* cal, UTimeZoneTransitionType type, UDate* transition, UErrorCode* status) __attribute__((swift_name("ucal_getTimeZoneTransitionDate(_:_:_:_:)")));
U_CAPI int32_t U_EXPORT2 udat_toPattern(const UDateFormat *fmt, UBool localized, UChar *result, int32_t resultLength, UErrorCode *status) __attribute__((swift_name("udat_toPattern(_:_:_:_:_:)")));
U_CAPI UResourceBundle* U_EXPORT2 ures_openDirect(const char* packageName, const char* locale, UErrorCode* status) __attribute__((swift_name("ures_openDirect(_:_:_:)")));
U_CAPI void U_EXPORT2 ucal_setDefaultTimeZone(const UChar* zoneID, UErrorCode* ec) __attribute__((swift_name("ucal_setDefaultTimeZone(_:_:)")));
U_CAPI int32_t U_EXPORT2 ucal_getDefaultTimeZone(UChar* result, int32_t resultCapacity, UErrorCode* ec) __attribute__((swift_name("ucal_getDefaultTimeZone(_:_:_:)")));

#endif
