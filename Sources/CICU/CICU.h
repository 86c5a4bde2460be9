// The system ICU as SwiftPM sees it: a `.systemLibrary` target whose only job is pkg-config
// (`icu-i18n`, which requires `icu-uc`), so that SwiftPM passes ICU's cflags to CICUShim's
// compile and `-licui18n -licuuc -licudata` to every link that needs it.
//
// Nothing imports this module, and this header deliberately includes no ICU header: ICU is
// included only by `Sources/CICUShim/CICUShim.c`, and Swift sees the ICU-free
// `CICUShim.h` (see there for why: system ICU headers next to Foundation break the build).
#ifndef CICU_H
#define CICU_H
#endif
