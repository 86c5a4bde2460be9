// GENERATED FILE, DO NOT EDIT. Regenerate with:
//     python3 scripts/gen-plural-rules.py
// from scripts/cldr/plurals.json (CLDR 42.0 plural rules and parent locales as ICU 72.1 carries
// them; dumped by scripts/cldr/dump-icu-plurals.c).
//
// The rules are data of the Unicode Common Locale Data Repository (CLDR), Copyright © 1991-2022
// Unicode, Inc., distributed under the Unicode License (see https://www.unicode.org/copyright.html).

/// A distinct set of CLDR plural rules, cardinal or ordinal, shared by the locales listed on
/// each case. Get one with `CLDRPluralRules.ruleSet(for:ordinal:)`.
package enum PluralRuleSet: UInt8, Sendable, CaseIterable {
    /// Cardinal rules of bm, bo, dz, hnj, id, ig, ii, in, ja, jbo, jv, jw, kde, kea, km, ko,
    /// lkt, lo, ms, my, nqo, osa, root, sah, ses, sg, su, th, to, tpi, vi, wo, yo, yue, zh.
    /// Ordinal rules of af, am, an, ar, ast, bg, bs, ce, cs, da, de, dsb, el, es, et, eu, fa,
    /// fi, fy, gl, gsw, he, hr, hsb, ia, id, in, is, iw, ja, km, kn, ko, ky, lt, lv, ml, mn,
    /// my, nb, nl, no, pa, pl, prg, ps, pt, root, ru, sd, sh, si, sk, sl, sr, sw, ta, te, th,
    /// tpi, tr, ur, uz, yue, zh, zu.
    case otherOnly
    /// Cardinal rules of af, an, asa, az, bal, bem, bez, bg, brx, ce, cgg, chr, ckb, dv, ee,
    /// el, eo, eu, fo, fur, gsw, ha, haw, hu, jgo, jmc, ka, kaj, kcg, kk, kkj, kl, ks, ksb, ku,
    /// ky, lb, lg, mas, mgo, ml, mn, mr, nah, nb, nd, ne, nn, nnh, no, nr, ny, nyn, om, or, os,
    /// pap, ps, rm, rof, rwk, saq, sd, sdh, seh, sn, so, sq, ss, ssy, st, syr, ta, te, teo,
    /// tig, tk, tn, tr, ts, ug, uz, ve, vo, vun, wae, xh, xog. Ordinal rules of bal, fil, fr,
    /// ga, hy, lo, mo, ms, ro, tl, vi.
    /// - one: `n = 1`
    case cardinalAf
    /// Cardinal rules of ak, bho, guw, ln, mg, nso, pa, ti, wa.
    /// - one: `n = 0..1`
    case cardinalAk
    /// Cardinal rules of am, as, bn, doi, fa, gu, hi, kn, pcm, zu.
    /// - one: `i = 0 or n = 1`
    case cardinalAm
    /// Cardinal rules of ar, ars.
    /// - zero: `n = 0`
    /// - one: `n = 1`
    /// - two: `n = 2`
    /// - few: `n % 100 = 3..10`
    /// - many: `n % 100 = 11..99`
    case cardinalAr
    /// Cardinal rules of ast, de, en, et, fi, fy, gl, ia, io, ji, lij, nl, sc, scn, sv, sw, ur,
    /// yi.
    /// - one: `i = 1 and v = 0`
    case cardinalAst
    /// Cardinal rules of be.
    /// - one: `n % 10 = 1 and n % 100 != 11`
    /// - few: `n % 10 = 2..4 and n % 100 != 12..14`
    /// - many: `n % 10 = 0 or n % 10 = 5..9 or n % 100 = 11..14`
    case cardinalBe
    /// Cardinal rules of br.
    /// - one: `n % 10 = 1 and n % 100 != 11,71,91`
    /// - two: `n % 10 = 2 and n % 100 != 12,72,92`
    /// - few: `n % 10 = 3..4,9 and n % 100 != 10..19,70..79,90..99`
    /// - many: `n != 0 and n % 1000000 = 0`
    case cardinalBr
    /// Cardinal rules of bs, hr, sh, sr.
    /// - one: `v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 != 11`
    /// - few: `v = 0 and i % 10 = 2..4 and i % 100 != 12..14 or f % 10 = 2..4 and f % 100 != 12..14`
    case cardinalBs
    /// Cardinal rules of ca, it, pt_PT, vec.
    /// - one: `i = 1 and v = 0`
    /// - many: `e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5`
    case cardinalCa
    /// Cardinal rules of ceb, fil, tl.
    /// - one: `v = 0 and i = 1,2,3 or v = 0 and i % 10 != 4,6,9 or v != 0 and f % 10 != 4,6,9`
    case cardinalCeb
    /// Cardinal rules of cs, sk.
    /// - one: `i = 1 and v = 0`
    /// - few: `i = 2..4 and v = 0`
    /// - many: `v != 0`
    case cardinalCs
    /// Cardinal rules of cy.
    /// - zero: `n = 0`
    /// - one: `n = 1`
    /// - two: `n = 2`
    /// - few: `n = 3`
    /// - many: `n = 6`
    case cardinalCy
    /// Cardinal rules of da.
    /// - one: `n = 1 or t != 0 and i = 0,1`
    case cardinalDa
    /// Cardinal rules of dsb, hsb.
    /// - one: `v = 0 and i % 100 = 1 or f % 100 = 1`
    /// - two: `v = 0 and i % 100 = 2 or f % 100 = 2`
    /// - few: `v = 0 and i % 100 = 3..4 or f % 100 = 3..4`
    case cardinalDsb
    /// Cardinal rules of es.
    /// - one: `n = 1`
    /// - many: `e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5`
    case cardinalEs
    /// Cardinal rules of ff, hy, kab.
    /// - one: `i = 0,1`
    case cardinalFf
    /// Cardinal rules of fr.
    /// - one: `i = 0,1`
    /// - many: `e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5`
    case cardinalFr
    /// Cardinal rules of ga.
    /// - one: `n = 1`
    /// - two: `n = 2`
    /// - few: `n = 3..6`
    /// - many: `n = 7..10`
    case cardinalGa
    /// Cardinal rules of gd.
    /// - one: `n = 1,11`
    /// - two: `n = 2,12`
    /// - few: `n = 3..10,13..19`
    case cardinalGd
    /// Cardinal rules of gv.
    /// - one: `v = 0 and i % 10 = 1`
    /// - two: `v = 0 and i % 10 = 2`
    /// - few: `v = 0 and i % 100 = 0,20,40,60,80`
    /// - many: `v != 0`
    case cardinalGv
    /// Cardinal rules of he, iw.
    /// - one: `i = 1 and v = 0 or i = 0 and v != 0`
    /// - two: `i = 2 and v = 0`
    case cardinalHe
    /// Cardinal rules of is.
    /// - one: `t = 0 and i % 10 = 1 and i % 100 != 11 or t % 10 = 1 and t % 100 != 11`
    case cardinalIs
    /// Cardinal rules of iu, naq, sat, se, sma, smi, smj, smn, sms.
    /// - one: `n = 1`
    /// - two: `n = 2`
    case cardinalIu
    /// Cardinal rules of ksh.
    /// - zero: `n = 0`
    /// - one: `n = 1`
    case cardinalKsh
    /// Cardinal rules of kw.
    /// - zero: `n = 0`
    /// - one: `n = 1`
    /// - two: `n % 100 = 2,22,42,62,82 or n % 1000 = 0 and n % 100000 = 1000..20000,40000,60000,80000 or n != 0 and n % 1000000 = 100000`
    /// - few: `n % 100 = 3,23,43,63,83`
    /// - many: `n != 1 and n % 100 = 1,21,41,61,81`
    case cardinalKw
    /// Cardinal rules of lag.
    /// - zero: `n = 0`
    /// - one: `i = 0,1 and n != 0`
    case cardinalLag
    /// Cardinal rules of lt.
    /// - one: `n % 10 = 1 and n % 100 != 11..19`
    /// - few: `n % 10 = 2..9 and n % 100 != 11..19`
    /// - many: `f != 0`
    case cardinalLt
    /// Cardinal rules of lv, prg.
    /// - zero: `n % 10 = 0 or n % 100 = 11..19 or v = 2 and f % 100 = 11..19`
    /// - one: `n % 10 = 1 and n % 100 != 11 or v = 2 and f % 10 = 1 and f % 100 != 11 or v != 2 and f % 10 = 1`
    case cardinalLv
    /// Cardinal rules of mk.
    /// - one: `v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 != 11`
    case cardinalMk
    /// Cardinal rules of mo, ro.
    /// - one: `i = 1 and v = 0`
    /// - few: `v != 0 or n = 0 or n != 1 and n % 100 = 1..19`
    case cardinalMo
    /// Cardinal rules of mt.
    /// - one: `n = 1`
    /// - two: `n = 2`
    /// - few: `n = 0 or n % 100 = 3..10`
    /// - many: `n % 100 = 11..19`
    case cardinalMt
    /// Cardinal rules of pl.
    /// - one: `i = 1 and v = 0`
    /// - few: `v = 0 and i % 10 = 2..4 and i % 100 != 12..14`
    /// - many: `v = 0 and i != 1 and i % 10 = 0..1 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 12..14`
    case cardinalPl
    /// Cardinal rules of pt.
    /// - one: `i = 0..1`
    /// - many: `e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5`
    case cardinalPt
    /// Cardinal rules of ru, uk.
    /// - one: `v = 0 and i % 10 = 1 and i % 100 != 11`
    /// - few: `v = 0 and i % 10 = 2..4 and i % 100 != 12..14`
    /// - many: `v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14`
    case cardinalRu
    /// Cardinal rules of shi.
    /// - one: `i = 0 or n = 1`
    /// - few: `n = 2..10`
    case cardinalShi
    /// Cardinal rules of si.
    /// - one: `n = 0,1 or i = 0 and f = 1`
    case cardinalSi
    /// Cardinal rules of sl.
    /// - one: `v = 0 and i % 100 = 1`
    /// - two: `v = 0 and i % 100 = 2`
    /// - few: `v = 0 and i % 100 = 3..4 or v != 0`
    case cardinalSl
    /// Cardinal rules of tzm.
    /// - one: `n = 0..1 or n = 11..99`
    case cardinalTzm
    /// Ordinal rules of as, bn.
    /// - one: `n = 1,5,7,8,9,10`
    /// - two: `n = 2,3`
    /// - few: `n = 4`
    /// - many: `n = 6`
    case ordinalAs
    /// Ordinal rules of az.
    /// - one: `i % 10 = 1,2,5,7,8 or i % 100 = 20,50,70,80`
    /// - few: `i % 10 = 3,4 or i % 1000 = 100,200,300,400,500,600,700,800,900`
    /// - many: `i = 0 or i % 10 = 6 or i % 100 = 40,60,90`
    case ordinalAz
    /// Ordinal rules of be.
    /// - few: `n % 10 = 2,3 and n % 100 != 12,13`
    case ordinalBe
    /// Ordinal rules of ca.
    /// - one: `n = 1,3`
    /// - two: `n = 2`
    /// - few: `n = 4`
    case ordinalCa
    /// Ordinal rules of cy.
    /// - zero: `n = 0,7,8,9`
    /// - one: `n = 1`
    /// - two: `n = 2`
    /// - few: `n = 3,4`
    /// - many: `n = 5,6`
    case ordinalCy
    /// Ordinal rules of en.
    /// - one: `n % 10 = 1 and n % 100 != 11`
    /// - two: `n % 10 = 2 and n % 100 != 12`
    /// - few: `n % 10 = 3 and n % 100 != 13`
    case ordinalEn
    /// Ordinal rules of gd.
    /// - one: `n = 1,11`
    /// - two: `n = 2,12`
    /// - few: `n = 3,13`
    case ordinalGd
    /// Ordinal rules of gu, hi.
    /// - one: `n = 1`
    /// - two: `n = 2,3`
    /// - few: `n = 4`
    /// - many: `n = 6`
    case ordinalGu
    /// Ordinal rules of hu.
    /// - one: `n = 1,5`
    case ordinalHu
    /// Ordinal rules of it, sc, scn, vec.
    /// - many: `n = 11,8,80,800`
    case ordinalIt
    /// Ordinal rules of ka.
    /// - one: `i = 1`
    /// - many: `i = 0 or i % 100 = 2..20,40,60,80`
    case ordinalKa
    /// Ordinal rules of kk.
    /// - many: `n % 10 = 6 or n % 10 = 9 or n % 10 = 0 and n != 0`
    case ordinalKk
    /// Ordinal rules of kw.
    /// - one: `n = 1..4 or n % 100 = 1..4,21..24,41..44,61..64,81..84`
    /// - many: `n = 5 or n % 100 = 5`
    case ordinalKw
    /// Ordinal rules of lij.
    /// - many: `n = 11,8,80..89,800..899`
    case ordinalLij
    /// Ordinal rules of mk.
    /// - one: `i % 10 = 1 and i % 100 != 11`
    /// - two: `i % 10 = 2 and i % 100 != 12`
    /// - many: `i % 10 = 7,8 and i % 100 != 17,18`
    case ordinalMk
    /// Ordinal rules of mr.
    /// - one: `n = 1`
    /// - two: `n = 2,3`
    /// - few: `n = 4`
    case ordinalMr
    /// Ordinal rules of ne.
    /// - one: `n = 1..4`
    case ordinalNe
    /// Ordinal rules of or.
    /// - one: `n = 1,5,7..9`
    /// - two: `n = 2,3`
    /// - few: `n = 4`
    /// - many: `n = 6`
    case ordinalOr
    /// Ordinal rules of sq.
    /// - one: `n = 1`
    /// - many: `n % 10 = 4 and n % 100 != 14`
    case ordinalSq
    /// Ordinal rules of sv.
    /// - one: `n % 10 = 1,2 and n % 100 != 11,12`
    case ordinalSv
    /// Ordinal rules of tk.
    /// - few: `n % 10 = 6,9 or n = 10`
    case ordinalTk
    /// Ordinal rules of uk.
    /// - few: `n % 10 = 3 and n % 100 != 13`
    case ordinalUk
}

extension PluralRuleSet {
    /// The category these rules give to a number.
    @inlinable
    package func select(_ operands: PluralOperands) -> PluralCategory {
        switch self {
        case .otherOnly: return PluralRulesData.otherOnly(operands)
        case .cardinalAf: return PluralRulesData.cardinalAf(operands)
        case .cardinalAk: return PluralRulesData.cardinalAk(operands)
        case .cardinalAm: return PluralRulesData.cardinalAm(operands)
        case .cardinalAr: return PluralRulesData.cardinalAr(operands)
        case .cardinalAst: return PluralRulesData.cardinalAst(operands)
        case .cardinalBe: return PluralRulesData.cardinalBe(operands)
        case .cardinalBr: return PluralRulesData.cardinalBr(operands)
        case .cardinalBs: return PluralRulesData.cardinalBs(operands)
        case .cardinalCa: return PluralRulesData.cardinalCa(operands)
        case .cardinalCeb: return PluralRulesData.cardinalCeb(operands)
        case .cardinalCs: return PluralRulesData.cardinalCs(operands)
        case .cardinalCy: return PluralRulesData.cardinalCy(operands)
        case .cardinalDa: return PluralRulesData.cardinalDa(operands)
        case .cardinalDsb: return PluralRulesData.cardinalDsb(operands)
        case .cardinalEs: return PluralRulesData.cardinalEs(operands)
        case .cardinalFf: return PluralRulesData.cardinalFf(operands)
        case .cardinalFr: return PluralRulesData.cardinalFr(operands)
        case .cardinalGa: return PluralRulesData.cardinalGa(operands)
        case .cardinalGd: return PluralRulesData.cardinalGd(operands)
        case .cardinalGv: return PluralRulesData.cardinalGv(operands)
        case .cardinalHe: return PluralRulesData.cardinalHe(operands)
        case .cardinalIs: return PluralRulesData.cardinalIs(operands)
        case .cardinalIu: return PluralRulesData.cardinalIu(operands)
        case .cardinalKsh: return PluralRulesData.cardinalKsh(operands)
        case .cardinalKw: return PluralRulesData.cardinalKw(operands)
        case .cardinalLag: return PluralRulesData.cardinalLag(operands)
        case .cardinalLt: return PluralRulesData.cardinalLt(operands)
        case .cardinalLv: return PluralRulesData.cardinalLv(operands)
        case .cardinalMk: return PluralRulesData.cardinalMk(operands)
        case .cardinalMo: return PluralRulesData.cardinalMo(operands)
        case .cardinalMt: return PluralRulesData.cardinalMt(operands)
        case .cardinalPl: return PluralRulesData.cardinalPl(operands)
        case .cardinalPt: return PluralRulesData.cardinalPt(operands)
        case .cardinalRu: return PluralRulesData.cardinalRu(operands)
        case .cardinalShi: return PluralRulesData.cardinalShi(operands)
        case .cardinalSi: return PluralRulesData.cardinalSi(operands)
        case .cardinalSl: return PluralRulesData.cardinalSl(operands)
        case .cardinalTzm: return PluralRulesData.cardinalTzm(operands)
        case .ordinalAs: return PluralRulesData.ordinalAs(operands)
        case .ordinalAz: return PluralRulesData.ordinalAz(operands)
        case .ordinalBe: return PluralRulesData.ordinalBe(operands)
        case .ordinalCa: return PluralRulesData.ordinalCa(operands)
        case .ordinalCy: return PluralRulesData.ordinalCy(operands)
        case .ordinalEn: return PluralRulesData.ordinalEn(operands)
        case .ordinalGd: return PluralRulesData.ordinalGd(operands)
        case .ordinalGu: return PluralRulesData.ordinalGu(operands)
        case .ordinalHu: return PluralRulesData.ordinalHu(operands)
        case .ordinalIt: return PluralRulesData.ordinalIt(operands)
        case .ordinalKa: return PluralRulesData.ordinalKa(operands)
        case .ordinalKk: return PluralRulesData.ordinalKk(operands)
        case .ordinalKw: return PluralRulesData.ordinalKw(operands)
        case .ordinalLij: return PluralRulesData.ordinalLij(operands)
        case .ordinalMk: return PluralRulesData.ordinalMk(operands)
        case .ordinalMr: return PluralRulesData.ordinalMr(operands)
        case .ordinalNe: return PluralRulesData.ordinalNe(operands)
        case .ordinalOr: return PluralRulesData.ordinalOr(operands)
        case .ordinalSq: return PluralRulesData.ordinalSq(operands)
        case .ordinalSv: return PluralRulesData.ordinalSv(operands)
        case .ordinalTk: return PluralRulesData.ordinalTk(operands)
        case .ordinalUk: return PluralRulesData.ordinalUk(operands)
        }
    }

    /// The categories these rules have, in CLDR order (zero, one, two, few, many, other).
    package var categories: [PluralCategory] {
        switch self {
        case .otherOnly: return [.other]
        case .cardinalAf: return [.one, .other]
        case .cardinalAk: return [.one, .other]
        case .cardinalAm: return [.one, .other]
        case .cardinalAr: return [.zero, .one, .two, .few, .many, .other]
        case .cardinalAst: return [.one, .other]
        case .cardinalBe: return [.one, .few, .many, .other]
        case .cardinalBr: return [.one, .two, .few, .many, .other]
        case .cardinalBs: return [.one, .few, .other]
        case .cardinalCa: return [.one, .many, .other]
        case .cardinalCeb: return [.one, .other]
        case .cardinalCs: return [.one, .few, .many, .other]
        case .cardinalCy: return [.zero, .one, .two, .few, .many, .other]
        case .cardinalDa: return [.one, .other]
        case .cardinalDsb: return [.one, .two, .few, .other]
        case .cardinalEs: return [.one, .many, .other]
        case .cardinalFf: return [.one, .other]
        case .cardinalFr: return [.one, .many, .other]
        case .cardinalGa: return [.one, .two, .few, .many, .other]
        case .cardinalGd: return [.one, .two, .few, .other]
        case .cardinalGv: return [.one, .two, .few, .many, .other]
        case .cardinalHe: return [.one, .two, .other]
        case .cardinalIs: return [.one, .other]
        case .cardinalIu: return [.one, .two, .other]
        case .cardinalKsh: return [.zero, .one, .other]
        case .cardinalKw: return [.zero, .one, .two, .few, .many, .other]
        case .cardinalLag: return [.zero, .one, .other]
        case .cardinalLt: return [.one, .few, .many, .other]
        case .cardinalLv: return [.zero, .one, .other]
        case .cardinalMk: return [.one, .other]
        case .cardinalMo: return [.one, .few, .other]
        case .cardinalMt: return [.one, .two, .few, .many, .other]
        case .cardinalPl: return [.one, .few, .many, .other]
        case .cardinalPt: return [.one, .many, .other]
        case .cardinalRu: return [.one, .few, .many, .other]
        case .cardinalShi: return [.one, .few, .other]
        case .cardinalSi: return [.one, .other]
        case .cardinalSl: return [.one, .two, .few, .other]
        case .cardinalTzm: return [.one, .other]
        case .ordinalAs: return [.one, .two, .few, .many, .other]
        case .ordinalAz: return [.one, .few, .many, .other]
        case .ordinalBe: return [.few, .other]
        case .ordinalCa: return [.one, .two, .few, .other]
        case .ordinalCy: return [.zero, .one, .two, .few, .many, .other]
        case .ordinalEn: return [.one, .two, .few, .other]
        case .ordinalGd: return [.one, .two, .few, .other]
        case .ordinalGu: return [.one, .two, .few, .many, .other]
        case .ordinalHu: return [.one, .other]
        case .ordinalIt: return [.many, .other]
        case .ordinalKa: return [.one, .many, .other]
        case .ordinalKk: return [.many, .other]
        case .ordinalKw: return [.one, .many, .other]
        case .ordinalLij: return [.many, .other]
        case .ordinalMk: return [.one, .two, .many, .other]
        case .ordinalMr: return [.one, .two, .few, .other]
        case .ordinalNe: return [.one, .other]
        case .ordinalOr: return [.one, .two, .few, .many, .other]
        case .ordinalSq: return [.one, .many, .other]
        case .ordinalSv: return [.one, .other]
        case .ordinalTk: return [.few, .other]
        case .ordinalUk: return [.few, .other]
        }
    }
}

/// The generated tables and rule functions behind `CLDRPluralRules` and `CLDRParentLocales`.
package enum PluralRulesData {
    /// The CLDR version of the data.
    package static let cldrVersion = "42.0"
    /// The ICU version whose copy of CLDR the data was taken from.
    package static let icuVersion = "72.1"

    @inline(__always) @usableFromInline
    static func within(_ x: Int64, _ lo: Int64, _ hi: Int64) -> Bool { x >= lo && x <= hi }

    @inline(__always) @usableFromInline
    static func withinInt(_ x: Int, _ lo: Int, _ hi: Int) -> Bool { x >= lo && x <= hi }

    @usableFromInline
    static func otherOnly(_ o: PluralOperands) -> PluralCategory {
        return .other
    }

    @usableFromInline
    static func cardinalAf(_ o: PluralOperands) -> PluralCategory {
        // one: n = 1
        if (o.f == 0 && o.i == 1) { return .one }
        return .other
    }

    @usableFromInline
    static func cardinalAk(_ o: PluralOperands) -> PluralCategory {
        // one: n = 0..1
        if (o.f == 0 && within(o.i, 0, 1)) { return .one }
        return .other
    }

    @usableFromInline
    static func cardinalAm(_ o: PluralOperands) -> PluralCategory {
        // one: i = 0 or n = 1
        if o.i == 0 || (o.f == 0 && o.i == 1) { return .one }
        return .other
    }

    @usableFromInline
    static func cardinalAr(_ o: PluralOperands) -> PluralCategory {
        // zero: n = 0
        if (o.f == 0 && o.i == 0) { return .zero }
        // one: n = 1
        if (o.f == 0 && o.i == 1) { return .one }
        // two: n = 2
        if (o.f == 0 && o.i == 2) { return .two }
        // few: n % 100 = 3..10
        if (o.f == 0 && within((o.i % 100), 3, 10)) { return .few }
        // many: n % 100 = 11..99
        if (o.f == 0 && within((o.i % 100), 11, 99)) { return .many }
        return .other
    }

    @usableFromInline
    static func cardinalAst(_ o: PluralOperands) -> PluralCategory {
        // one: i = 1 and v = 0
        if o.i == 1 && o.v == 0 { return .one }
        return .other
    }

    @usableFromInline
    static func cardinalBe(_ o: PluralOperands) -> PluralCategory {
        // one: n % 10 = 1 and n % 100 != 11
        if (o.f == 0 && (o.i % 10) == 1) && !(o.f == 0 && (o.i % 100) == 11) { return .one }
        // few: n % 10 = 2..4 and n % 100 != 12..14
        if (o.f == 0 && within((o.i % 10), 2, 4)) && !(o.f == 0 && within((o.i % 100), 12, 14)) { return .few }
        // many: n % 10 = 0 or n % 10 = 5..9 or n % 100 = 11..14
        if (o.f == 0 && (o.i % 10) == 0) || (o.f == 0 && within((o.i % 10), 5, 9)) || (o.f == 0 && within((o.i % 100), 11, 14)) { return .many }
        return .other
    }

    @usableFromInline
    static func cardinalBr(_ o: PluralOperands) -> PluralCategory {
        // one: n % 10 = 1 and n % 100 != 11,71,91
        if (o.f == 0 && (o.i % 10) == 1) && !(o.f == 0 && ((o.i % 100) == 11 || (o.i % 100) == 71 || (o.i % 100) == 91)) { return .one }
        // two: n % 10 = 2 and n % 100 != 12,72,92
        if (o.f == 0 && (o.i % 10) == 2) && !(o.f == 0 && ((o.i % 100) == 12 || (o.i % 100) == 72 || (o.i % 100) == 92)) { return .two }
        // few: n % 10 = 3..4,9 and n % 100 != 10..19,70..79,90..99
        if (o.f == 0 && (within((o.i % 10), 3, 4) || (o.i % 10) == 9)) && !(o.f == 0 && (within((o.i % 100), 10, 19) || within((o.i % 100), 70, 79) || within((o.i % 100), 90, 99))) { return .few }
        // many: n != 0 and n % 1000000 = 0
        if !(o.f == 0 && o.i == 0) && (o.f == 0 && (o.i % 1000000) == 0) { return .many }
        return .other
    }

    @usableFromInline
    static func cardinalBs(_ o: PluralOperands) -> PluralCategory {
        // one: v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 != 11
        if (o.v == 0 && (o.i % 10) == 1 && (o.i % 100) != 11) || ((o.f % 10) == 1 && (o.f % 100) != 11) { return .one }
        // few: v = 0 and i % 10 = 2..4 and i % 100 != 12..14 or f % 10 = 2..4 and f % 100 != 12..14
        if (o.v == 0 && within((o.i % 10), 2, 4) && !within((o.i % 100), 12, 14)) || (within((o.f % 10), 2, 4) && !within((o.f % 100), 12, 14)) { return .few }
        return .other
    }

    @usableFromInline
    static func cardinalCa(_ o: PluralOperands) -> PluralCategory {
        // one: i = 1 and v = 0
        if o.i == 1 && o.v == 0 { return .one }
        // many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5
        if (o.c == 0 && o.i != 0 && (o.i % 1000000) == 0 && o.v == 0) || !withinInt(o.c, 0, 5) { return .many }
        return .other
    }

    @usableFromInline
    static func cardinalCeb(_ o: PluralOperands) -> PluralCategory {
        // one: v = 0 and i = 1,2,3 or v = 0 and i % 10 != 4,6,9 or v != 0 and f % 10 != 4,6,9
        if (o.v == 0 && (o.i == 1 || o.i == 2 || o.i == 3)) || (o.v == 0 && !((o.i % 10) == 4 || (o.i % 10) == 6 || (o.i % 10) == 9)) || (o.v != 0 && !((o.f % 10) == 4 || (o.f % 10) == 6 || (o.f % 10) == 9)) { return .one }
        return .other
    }

    @usableFromInline
    static func cardinalCs(_ o: PluralOperands) -> PluralCategory {
        // one: i = 1 and v = 0
        if o.i == 1 && o.v == 0 { return .one }
        // few: i = 2..4 and v = 0
        if within(o.i, 2, 4) && o.v == 0 { return .few }
        // many: v != 0
        if o.v != 0 { return .many }
        return .other
    }

    @usableFromInline
    static func cardinalCy(_ o: PluralOperands) -> PluralCategory {
        // zero: n = 0
        if (o.f == 0 && o.i == 0) { return .zero }
        // one: n = 1
        if (o.f == 0 && o.i == 1) { return .one }
        // two: n = 2
        if (o.f == 0 && o.i == 2) { return .two }
        // few: n = 3
        if (o.f == 0 && o.i == 3) { return .few }
        // many: n = 6
        if (o.f == 0 && o.i == 6) { return .many }
        return .other
    }

    @usableFromInline
    static func cardinalDa(_ o: PluralOperands) -> PluralCategory {
        // one: n = 1 or t != 0 and i = 0,1
        if (o.f == 0 && o.i == 1) || (o.t != 0 && (o.i == 0 || o.i == 1)) { return .one }
        return .other
    }

    @usableFromInline
    static func cardinalDsb(_ o: PluralOperands) -> PluralCategory {
        // one: v = 0 and i % 100 = 1 or f % 100 = 1
        if (o.v == 0 && (o.i % 100) == 1) || (o.f % 100) == 1 { return .one }
        // two: v = 0 and i % 100 = 2 or f % 100 = 2
        if (o.v == 0 && (o.i % 100) == 2) || (o.f % 100) == 2 { return .two }
        // few: v = 0 and i % 100 = 3..4 or f % 100 = 3..4
        if (o.v == 0 && within((o.i % 100), 3, 4)) || within((o.f % 100), 3, 4) { return .few }
        return .other
    }

    @usableFromInline
    static func cardinalEs(_ o: PluralOperands) -> PluralCategory {
        // one: n = 1
        if (o.f == 0 && o.i == 1) { return .one }
        // many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5
        if (o.c == 0 && o.i != 0 && (o.i % 1000000) == 0 && o.v == 0) || !withinInt(o.c, 0, 5) { return .many }
        return .other
    }

    @usableFromInline
    static func cardinalFf(_ o: PluralOperands) -> PluralCategory {
        // one: i = 0,1
        if (o.i == 0 || o.i == 1) { return .one }
        return .other
    }

    @usableFromInline
    static func cardinalFr(_ o: PluralOperands) -> PluralCategory {
        // one: i = 0,1
        if (o.i == 0 || o.i == 1) { return .one }
        // many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5
        if (o.c == 0 && o.i != 0 && (o.i % 1000000) == 0 && o.v == 0) || !withinInt(o.c, 0, 5) { return .many }
        return .other
    }

    @usableFromInline
    static func cardinalGa(_ o: PluralOperands) -> PluralCategory {
        // one: n = 1
        if (o.f == 0 && o.i == 1) { return .one }
        // two: n = 2
        if (o.f == 0 && o.i == 2) { return .two }
        // few: n = 3..6
        if (o.f == 0 && within(o.i, 3, 6)) { return .few }
        // many: n = 7..10
        if (o.f == 0 && within(o.i, 7, 10)) { return .many }
        return .other
    }

    @usableFromInline
    static func cardinalGd(_ o: PluralOperands) -> PluralCategory {
        // one: n = 1,11
        if (o.f == 0 && (o.i == 1 || o.i == 11)) { return .one }
        // two: n = 2,12
        if (o.f == 0 && (o.i == 2 || o.i == 12)) { return .two }
        // few: n = 3..10,13..19
        if (o.f == 0 && (within(o.i, 3, 10) || within(o.i, 13, 19))) { return .few }
        return .other
    }

    @usableFromInline
    static func cardinalGv(_ o: PluralOperands) -> PluralCategory {
        // one: v = 0 and i % 10 = 1
        if o.v == 0 && (o.i % 10) == 1 { return .one }
        // two: v = 0 and i % 10 = 2
        if o.v == 0 && (o.i % 10) == 2 { return .two }
        // few: v = 0 and i % 100 = 0,20,40,60,80
        if o.v == 0 && ((o.i % 100) == 0 || (o.i % 100) == 20 || (o.i % 100) == 40 || (o.i % 100) == 60 || (o.i % 100) == 80) { return .few }
        // many: v != 0
        if o.v != 0 { return .many }
        return .other
    }

    @usableFromInline
    static func cardinalHe(_ o: PluralOperands) -> PluralCategory {
        // one: i = 1 and v = 0 or i = 0 and v != 0
        if (o.i == 1 && o.v == 0) || (o.i == 0 && o.v != 0) { return .one }
        // two: i = 2 and v = 0
        if o.i == 2 && o.v == 0 { return .two }
        return .other
    }

    @usableFromInline
    static func cardinalIs(_ o: PluralOperands) -> PluralCategory {
        // one: t = 0 and i % 10 = 1 and i % 100 != 11 or t % 10 = 1 and t % 100 != 11
        if (o.t == 0 && (o.i % 10) == 1 && (o.i % 100) != 11) || ((o.t % 10) == 1 && (o.t % 100) != 11) { return .one }
        return .other
    }

    @usableFromInline
    static func cardinalIu(_ o: PluralOperands) -> PluralCategory {
        // one: n = 1
        if (o.f == 0 && o.i == 1) { return .one }
        // two: n = 2
        if (o.f == 0 && o.i == 2) { return .two }
        return .other
    }

    @usableFromInline
    static func cardinalKsh(_ o: PluralOperands) -> PluralCategory {
        // zero: n = 0
        if (o.f == 0 && o.i == 0) { return .zero }
        // one: n = 1
        if (o.f == 0 && o.i == 1) { return .one }
        return .other
    }

    @usableFromInline
    static func cardinalKw(_ o: PluralOperands) -> PluralCategory {
        // zero: n = 0
        if (o.f == 0 && o.i == 0) { return .zero }
        // one: n = 1
        if (o.f == 0 && o.i == 1) { return .one }
        // two: n % 100 = 2,22,42,62,82 or n % 1000 = 0 and n % 100000 = 1000..20000,40000,60000,80000 or n != 0 and n % 1000000 = 100000
        if (o.f == 0 && ((o.i % 100) == 2 || (o.i % 100) == 22 || (o.i % 100) == 42 || (o.i % 100) == 62 || (o.i % 100) == 82)) || ((o.f == 0 && (o.i % 1000) == 0) && (o.f == 0 && (within((o.i % 100000), 1000, 20000) || (o.i % 100000) == 40000 || (o.i % 100000) == 60000 || (o.i % 100000) == 80000))) || (!(o.f == 0 && o.i == 0) && (o.f == 0 && (o.i % 1000000) == 100000)) { return .two }
        // few: n % 100 = 3,23,43,63,83
        if (o.f == 0 && ((o.i % 100) == 3 || (o.i % 100) == 23 || (o.i % 100) == 43 || (o.i % 100) == 63 || (o.i % 100) == 83)) { return .few }
        // many: n != 1 and n % 100 = 1,21,41,61,81
        if !(o.f == 0 && o.i == 1) && (o.f == 0 && ((o.i % 100) == 1 || (o.i % 100) == 21 || (o.i % 100) == 41 || (o.i % 100) == 61 || (o.i % 100) == 81)) { return .many }
        return .other
    }

    @usableFromInline
    static func cardinalLag(_ o: PluralOperands) -> PluralCategory {
        // zero: n = 0
        if (o.f == 0 && o.i == 0) { return .zero }
        // one: i = 0,1 and n != 0
        if (o.i == 0 || o.i == 1) && !(o.f == 0 && o.i == 0) { return .one }
        return .other
    }

    @usableFromInline
    static func cardinalLt(_ o: PluralOperands) -> PluralCategory {
        // one: n % 10 = 1 and n % 100 != 11..19
        if (o.f == 0 && (o.i % 10) == 1) && !(o.f == 0 && within((o.i % 100), 11, 19)) { return .one }
        // few: n % 10 = 2..9 and n % 100 != 11..19
        if (o.f == 0 && within((o.i % 10), 2, 9)) && !(o.f == 0 && within((o.i % 100), 11, 19)) { return .few }
        // many: f != 0
        if o.f != 0 { return .many }
        return .other
    }

    @usableFromInline
    static func cardinalLv(_ o: PluralOperands) -> PluralCategory {
        // zero: n % 10 = 0 or n % 100 = 11..19 or v = 2 and f % 100 = 11..19
        if (o.f == 0 && (o.i % 10) == 0) || (o.f == 0 && within((o.i % 100), 11, 19)) || (o.v == 2 && within((o.f % 100), 11, 19)) { return .zero }
        // one: n % 10 = 1 and n % 100 != 11 or v = 2 and f % 10 = 1 and f % 100 != 11 or v != 2 and f % 10 = 1
        if ((o.f == 0 && (o.i % 10) == 1) && !(o.f == 0 && (o.i % 100) == 11)) || (o.v == 2 && (o.f % 10) == 1 && (o.f % 100) != 11) || (o.v != 2 && (o.f % 10) == 1) { return .one }
        return .other
    }

    @usableFromInline
    static func cardinalMk(_ o: PluralOperands) -> PluralCategory {
        // one: v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 != 11
        if (o.v == 0 && (o.i % 10) == 1 && (o.i % 100) != 11) || ((o.f % 10) == 1 && (o.f % 100) != 11) { return .one }
        return .other
    }

    @usableFromInline
    static func cardinalMo(_ o: PluralOperands) -> PluralCategory {
        // one: i = 1 and v = 0
        if o.i == 1 && o.v == 0 { return .one }
        // few: v != 0 or n = 0 or n != 1 and n % 100 = 1..19
        if o.v != 0 || (o.f == 0 && o.i == 0) || (!(o.f == 0 && o.i == 1) && (o.f == 0 && within((o.i % 100), 1, 19))) { return .few }
        return .other
    }

    @usableFromInline
    static func cardinalMt(_ o: PluralOperands) -> PluralCategory {
        // one: n = 1
        if (o.f == 0 && o.i == 1) { return .one }
        // two: n = 2
        if (o.f == 0 && o.i == 2) { return .two }
        // few: n = 0 or n % 100 = 3..10
        if (o.f == 0 && o.i == 0) || (o.f == 0 && within((o.i % 100), 3, 10)) { return .few }
        // many: n % 100 = 11..19
        if (o.f == 0 && within((o.i % 100), 11, 19)) { return .many }
        return .other
    }

    @usableFromInline
    static func cardinalPl(_ o: PluralOperands) -> PluralCategory {
        // one: i = 1 and v = 0
        if o.i == 1 && o.v == 0 { return .one }
        // few: v = 0 and i % 10 = 2..4 and i % 100 != 12..14
        if o.v == 0 && within((o.i % 10), 2, 4) && !within((o.i % 100), 12, 14) { return .few }
        // many: v = 0 and i != 1 and i % 10 = 0..1 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 12..14
        if (o.v == 0 && o.i != 1 && within((o.i % 10), 0, 1)) || (o.v == 0 && within((o.i % 10), 5, 9)) || (o.v == 0 && within((o.i % 100), 12, 14)) { return .many }
        return .other
    }

    @usableFromInline
    static func cardinalPt(_ o: PluralOperands) -> PluralCategory {
        // one: i = 0..1
        if within(o.i, 0, 1) { return .one }
        // many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5
        if (o.c == 0 && o.i != 0 && (o.i % 1000000) == 0 && o.v == 0) || !withinInt(o.c, 0, 5) { return .many }
        return .other
    }

    @usableFromInline
    static func cardinalRu(_ o: PluralOperands) -> PluralCategory {
        // one: v = 0 and i % 10 = 1 and i % 100 != 11
        if o.v == 0 && (o.i % 10) == 1 && (o.i % 100) != 11 { return .one }
        // few: v = 0 and i % 10 = 2..4 and i % 100 != 12..14
        if o.v == 0 && within((o.i % 10), 2, 4) && !within((o.i % 100), 12, 14) { return .few }
        // many: v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14
        if (o.v == 0 && (o.i % 10) == 0) || (o.v == 0 && within((o.i % 10), 5, 9)) || (o.v == 0 && within((o.i % 100), 11, 14)) { return .many }
        return .other
    }

    @usableFromInline
    static func cardinalShi(_ o: PluralOperands) -> PluralCategory {
        // one: i = 0 or n = 1
        if o.i == 0 || (o.f == 0 && o.i == 1) { return .one }
        // few: n = 2..10
        if (o.f == 0 && within(o.i, 2, 10)) { return .few }
        return .other
    }

    @usableFromInline
    static func cardinalSi(_ o: PluralOperands) -> PluralCategory {
        // one: n = 0,1 or i = 0 and f = 1
        if (o.f == 0 && (o.i == 0 || o.i == 1)) || (o.i == 0 && o.f == 1) { return .one }
        return .other
    }

    @usableFromInline
    static func cardinalSl(_ o: PluralOperands) -> PluralCategory {
        // one: v = 0 and i % 100 = 1
        if o.v == 0 && (o.i % 100) == 1 { return .one }
        // two: v = 0 and i % 100 = 2
        if o.v == 0 && (o.i % 100) == 2 { return .two }
        // few: v = 0 and i % 100 = 3..4 or v != 0
        if (o.v == 0 && within((o.i % 100), 3, 4)) || o.v != 0 { return .few }
        return .other
    }

    @usableFromInline
    static func cardinalTzm(_ o: PluralOperands) -> PluralCategory {
        // one: n = 0..1 or n = 11..99
        if (o.f == 0 && within(o.i, 0, 1)) || (o.f == 0 && within(o.i, 11, 99)) { return .one }
        return .other
    }

    @usableFromInline
    static func ordinalAs(_ o: PluralOperands) -> PluralCategory {
        // one: n = 1,5,7,8,9,10
        if (o.f == 0 && (o.i == 1 || o.i == 5 || o.i == 7 || o.i == 8 || o.i == 9 || o.i == 10)) { return .one }
        // two: n = 2,3
        if (o.f == 0 && (o.i == 2 || o.i == 3)) { return .two }
        // few: n = 4
        if (o.f == 0 && o.i == 4) { return .few }
        // many: n = 6
        if (o.f == 0 && o.i == 6) { return .many }
        return .other
    }

    @usableFromInline
    static func ordinalAz(_ o: PluralOperands) -> PluralCategory {
        // one: i % 10 = 1,2,5,7,8 or i % 100 = 20,50,70,80
        if ((o.i % 10) == 1 || (o.i % 10) == 2 || (o.i % 10) == 5 || (o.i % 10) == 7 || (o.i % 10) == 8) || ((o.i % 100) == 20 || (o.i % 100) == 50 || (o.i % 100) == 70 || (o.i % 100) == 80) { return .one }
        // few: i % 10 = 3,4 or i % 1000 = 100,200,300,400,500,600,700,800,900
        if ((o.i % 10) == 3 || (o.i % 10) == 4) || ((o.i % 1000) == 100 || (o.i % 1000) == 200 || (o.i % 1000) == 300 || (o.i % 1000) == 400 || (o.i % 1000) == 500 || (o.i % 1000) == 600 || (o.i % 1000) == 700 || (o.i % 1000) == 800 || (o.i % 1000) == 900) { return .few }
        // many: i = 0 or i % 10 = 6 or i % 100 = 40,60,90
        if o.i == 0 || (o.i % 10) == 6 || ((o.i % 100) == 40 || (o.i % 100) == 60 || (o.i % 100) == 90) { return .many }
        return .other
    }

    @usableFromInline
    static func ordinalBe(_ o: PluralOperands) -> PluralCategory {
        // few: n % 10 = 2,3 and n % 100 != 12,13
        if (o.f == 0 && ((o.i % 10) == 2 || (o.i % 10) == 3)) && !(o.f == 0 && ((o.i % 100) == 12 || (o.i % 100) == 13)) { return .few }
        return .other
    }

    @usableFromInline
    static func ordinalCa(_ o: PluralOperands) -> PluralCategory {
        // one: n = 1,3
        if (o.f == 0 && (o.i == 1 || o.i == 3)) { return .one }
        // two: n = 2
        if (o.f == 0 && o.i == 2) { return .two }
        // few: n = 4
        if (o.f == 0 && o.i == 4) { return .few }
        return .other
    }

    @usableFromInline
    static func ordinalCy(_ o: PluralOperands) -> PluralCategory {
        // zero: n = 0,7,8,9
        if (o.f == 0 && (o.i == 0 || o.i == 7 || o.i == 8 || o.i == 9)) { return .zero }
        // one: n = 1
        if (o.f == 0 && o.i == 1) { return .one }
        // two: n = 2
        if (o.f == 0 && o.i == 2) { return .two }
        // few: n = 3,4
        if (o.f == 0 && (o.i == 3 || o.i == 4)) { return .few }
        // many: n = 5,6
        if (o.f == 0 && (o.i == 5 || o.i == 6)) { return .many }
        return .other
    }

    @usableFromInline
    static func ordinalEn(_ o: PluralOperands) -> PluralCategory {
        // one: n % 10 = 1 and n % 100 != 11
        if (o.f == 0 && (o.i % 10) == 1) && !(o.f == 0 && (o.i % 100) == 11) { return .one }
        // two: n % 10 = 2 and n % 100 != 12
        if (o.f == 0 && (o.i % 10) == 2) && !(o.f == 0 && (o.i % 100) == 12) { return .two }
        // few: n % 10 = 3 and n % 100 != 13
        if (o.f == 0 && (o.i % 10) == 3) && !(o.f == 0 && (o.i % 100) == 13) { return .few }
        return .other
    }

    @usableFromInline
    static func ordinalGd(_ o: PluralOperands) -> PluralCategory {
        // one: n = 1,11
        if (o.f == 0 && (o.i == 1 || o.i == 11)) { return .one }
        // two: n = 2,12
        if (o.f == 0 && (o.i == 2 || o.i == 12)) { return .two }
        // few: n = 3,13
        if (o.f == 0 && (o.i == 3 || o.i == 13)) { return .few }
        return .other
    }

    @usableFromInline
    static func ordinalGu(_ o: PluralOperands) -> PluralCategory {
        // one: n = 1
        if (o.f == 0 && o.i == 1) { return .one }
        // two: n = 2,3
        if (o.f == 0 && (o.i == 2 || o.i == 3)) { return .two }
        // few: n = 4
        if (o.f == 0 && o.i == 4) { return .few }
        // many: n = 6
        if (o.f == 0 && o.i == 6) { return .many }
        return .other
    }

    @usableFromInline
    static func ordinalHu(_ o: PluralOperands) -> PluralCategory {
        // one: n = 1,5
        if (o.f == 0 && (o.i == 1 || o.i == 5)) { return .one }
        return .other
    }

    @usableFromInline
    static func ordinalIt(_ o: PluralOperands) -> PluralCategory {
        // many: n = 11,8,80,800
        if (o.f == 0 && (o.i == 11 || o.i == 8 || o.i == 80 || o.i == 800)) { return .many }
        return .other
    }

    @usableFromInline
    static func ordinalKa(_ o: PluralOperands) -> PluralCategory {
        // one: i = 1
        if o.i == 1 { return .one }
        // many: i = 0 or i % 100 = 2..20,40,60,80
        if o.i == 0 || (within((o.i % 100), 2, 20) || (o.i % 100) == 40 || (o.i % 100) == 60 || (o.i % 100) == 80) { return .many }
        return .other
    }

    @usableFromInline
    static func ordinalKk(_ o: PluralOperands) -> PluralCategory {
        // many: n % 10 = 6 or n % 10 = 9 or n % 10 = 0 and n != 0
        if (o.f == 0 && (o.i % 10) == 6) || (o.f == 0 && (o.i % 10) == 9) || ((o.f == 0 && (o.i % 10) == 0) && !(o.f == 0 && o.i == 0)) { return .many }
        return .other
    }

    @usableFromInline
    static func ordinalKw(_ o: PluralOperands) -> PluralCategory {
        // one: n = 1..4 or n % 100 = 1..4,21..24,41..44,61..64,81..84
        if (o.f == 0 && within(o.i, 1, 4)) || (o.f == 0 && (within((o.i % 100), 1, 4) || within((o.i % 100), 21, 24) || within((o.i % 100), 41, 44) || within((o.i % 100), 61, 64) || within((o.i % 100), 81, 84))) { return .one }
        // many: n = 5 or n % 100 = 5
        if (o.f == 0 && o.i == 5) || (o.f == 0 && (o.i % 100) == 5) { return .many }
        return .other
    }

    @usableFromInline
    static func ordinalLij(_ o: PluralOperands) -> PluralCategory {
        // many: n = 11,8,80..89,800..899
        if (o.f == 0 && (o.i == 11 || o.i == 8 || within(o.i, 80, 89) || within(o.i, 800, 899))) { return .many }
        return .other
    }

    @usableFromInline
    static func ordinalMk(_ o: PluralOperands) -> PluralCategory {
        // one: i % 10 = 1 and i % 100 != 11
        if (o.i % 10) == 1 && (o.i % 100) != 11 { return .one }
        // two: i % 10 = 2 and i % 100 != 12
        if (o.i % 10) == 2 && (o.i % 100) != 12 { return .two }
        // many: i % 10 = 7,8 and i % 100 != 17,18
        if ((o.i % 10) == 7 || (o.i % 10) == 8) && !((o.i % 100) == 17 || (o.i % 100) == 18) { return .many }
        return .other
    }

    @usableFromInline
    static func ordinalMr(_ o: PluralOperands) -> PluralCategory {
        // one: n = 1
        if (o.f == 0 && o.i == 1) { return .one }
        // two: n = 2,3
        if (o.f == 0 && (o.i == 2 || o.i == 3)) { return .two }
        // few: n = 4
        if (o.f == 0 && o.i == 4) { return .few }
        return .other
    }

    @usableFromInline
    static func ordinalNe(_ o: PluralOperands) -> PluralCategory {
        // one: n = 1..4
        if (o.f == 0 && within(o.i, 1, 4)) { return .one }
        return .other
    }

    @usableFromInline
    static func ordinalOr(_ o: PluralOperands) -> PluralCategory {
        // one: n = 1,5,7..9
        if (o.f == 0 && (o.i == 1 || o.i == 5 || within(o.i, 7, 9))) { return .one }
        // two: n = 2,3
        if (o.f == 0 && (o.i == 2 || o.i == 3)) { return .two }
        // few: n = 4
        if (o.f == 0 && o.i == 4) { return .few }
        // many: n = 6
        if (o.f == 0 && o.i == 6) { return .many }
        return .other
    }

    @usableFromInline
    static func ordinalSq(_ o: PluralOperands) -> PluralCategory {
        // one: n = 1
        if (o.f == 0 && o.i == 1) { return .one }
        // many: n % 10 = 4 and n % 100 != 14
        if (o.f == 0 && (o.i % 10) == 4) && !(o.f == 0 && (o.i % 100) == 14) { return .many }
        return .other
    }

    @usableFromInline
    static func ordinalSv(_ o: PluralOperands) -> PluralCategory {
        // one: n % 10 = 1,2 and n % 100 != 11,12
        if (o.f == 0 && ((o.i % 10) == 1 || (o.i % 10) == 2)) && !(o.f == 0 && ((o.i % 100) == 11 || (o.i % 100) == 12)) { return .one }
        return .other
    }

    @usableFromInline
    static func ordinalTk(_ o: PluralOperands) -> PluralCategory {
        // few: n % 10 = 6,9 or n = 10
        if (o.f == 0 && ((o.i % 10) == 6 || (o.i % 10) == 9)) || (o.f == 0 && o.i == 10) { return .few }
        return .other
    }

    @usableFromInline
    static func ordinalUk(_ o: PluralOperands) -> PluralCategory {
        // few: n % 10 = 3 and n % 100 != 13
        if (o.f == 0 && (o.i % 10) == 3) && !(o.f == 0 && (o.i % 100) == 13) { return .few }
        return .other
    }

    /// The cardinal rule set of a locale id exactly as ICU's plural table has it
    /// (`en`, `pt_PT`, `root`), packed by `CLDRPluralRules.pack(_:)`; nil if it has none.
    package static func cardinal(packed id: UInt64) -> PluralRuleSet? {
        switch id {
        case
            0x0000000000006D62, // bm
            0x0000000000006F62, // bo
            0x0000000000007A64, // dz
            0x00000000006A6E68, // hnj
            0x0000000000006469, // id
            0x0000000000006769, // ig
            0x0000000000006969, // ii
            0x0000000000006E69, // in
            0x000000000000616A, // ja
            0x00000000006F626A, // jbo
            0x000000000000766A, // jv
            0x000000000000776A, // jw
            0x000000000065646B, // kde
            0x000000000061656B, // kea
            0x0000000000006D6B, // km
            0x0000000000006F6B, // ko
            0x0000000000746B6C, // lkt
            0x0000000000006F6C, // lo
            0x000000000000736D, // ms
            0x000000000000796D, // my
            0x00000000006F716E, // nqo
            0x000000000061736F, // osa
            0x00000000746F6F72, // root
            0x0000000000686173, // sah
            0x0000000000736573, // ses
            0x0000000000006773, // sg
            0x0000000000007573, // su
            0x0000000000006874, // th
            0x0000000000006F74, // to
            0x0000000000697074, // tpi
            0x0000000000006976, // vi
            0x0000000000006F77, // wo
            0x0000000000006F79, // yo
            0x0000000000657579, // yue
            0x000000000000687A: // zh
            return .otherOnly
        case
            0x0000000000006661, // af
            0x0000000000006E61, // an
            0x0000000000617361, // asa
            0x0000000000007A61, // az
            0x00000000006C6162, // bal
            0x00000000006D6562, // bem
            0x00000000007A6562, // bez
            0x0000000000006762, // bg
            0x0000000000787262, // brx
            0x0000000000006563, // ce
            0x0000000000676763, // cgg
            0x0000000000726863, // chr
            0x0000000000626B63, // ckb
            0x0000000000007664, // dv
            0x0000000000006565, // ee
            0x0000000000006C65, // el
            0x0000000000006F65, // eo
            0x0000000000007565, // eu
            0x0000000000006F66, // fo
            0x0000000000727566, // fur
            0x0000000000777367, // gsw
            0x0000000000006168, // ha
            0x0000000000776168, // haw
            0x0000000000007568, // hu
            0x00000000006F676A, // jgo
            0x0000000000636D6A, // jmc
            0x000000000000616B, // ka
            0x00000000006A616B, // kaj
            0x000000000067636B, // kcg
            0x0000000000006B6B, // kk
            0x00000000006A6B6B, // kkj
            0x0000000000006C6B, // kl
            0x000000000000736B, // ks
            0x000000000062736B, // ksb
            0x000000000000756B, // ku
            0x000000000000796B, // ky
            0x000000000000626C, // lb
            0x000000000000676C, // lg
            0x000000000073616D, // mas
            0x00000000006F676D, // mgo
            0x0000000000006C6D, // ml
            0x0000000000006E6D, // mn
            0x000000000000726D, // mr
            0x000000000068616E, // nah
            0x000000000000626E, // nb
            0x000000000000646E, // nd
            0x000000000000656E, // ne
            0x0000000000006E6E, // nn
            0x0000000000686E6E, // nnh
            0x0000000000006F6E, // no
            0x000000000000726E, // nr
            0x000000000000796E, // ny
            0x00000000006E796E, // nyn
            0x0000000000006D6F, // om
            0x000000000000726F, // or
            0x000000000000736F, // os
            0x0000000000706170, // pap
            0x0000000000007370, // ps
            0x0000000000006D72, // rm
            0x0000000000666F72, // rof
            0x00000000006B7772, // rwk
            0x0000000000716173, // saq
            0x0000000000006473, // sd
            0x0000000000686473, // sdh
            0x0000000000686573, // seh
            0x0000000000006E73, // sn
            0x0000000000006F73, // so
            0x0000000000007173, // sq
            0x0000000000007373, // ss
            0x0000000000797373, // ssy
            0x0000000000007473, // st
            0x0000000000727973, // syr
            0x0000000000006174, // ta
            0x0000000000006574, // te
            0x00000000006F6574, // teo
            0x0000000000676974, // tig
            0x0000000000006B74, // tk
            0x0000000000006E74, // tn
            0x0000000000007274, // tr
            0x0000000000007374, // ts
            0x0000000000006775, // ug
            0x0000000000007A75, // uz
            0x0000000000006576, // ve
            0x0000000000006F76, // vo
            0x00000000006E7576, // vun
            0x0000000000656177, // wae
            0x0000000000006878, // xh
            0x0000000000676F78: // xog
            return .cardinalAf
        case
            0x0000000000006B61, // ak
            0x00000000006F6862, // bho
            0x0000000000777567, // guw
            0x0000000000006E6C, // ln
            0x000000000000676D, // mg
            0x00000000006F736E, // nso
            0x0000000000006170, // pa
            0x0000000000006974, // ti
            0x0000000000006177: // wa
            return .cardinalAk
        case
            0x0000000000006D61, // am
            0x0000000000007361, // as
            0x0000000000006E62, // bn
            0x0000000000696F64, // doi
            0x0000000000006166, // fa
            0x0000000000007567, // gu
            0x0000000000006968, // hi
            0x0000000000006E6B, // kn
            0x00000000006D6370, // pcm
            0x000000000000757A: // zu
            return .cardinalAm
        case
            0x0000000000007261, // ar
            0x0000000000737261: // ars
            return .cardinalAr
        case
            0x0000000000747361, // ast
            0x0000000000006564, // de
            0x0000000000006E65, // en
            0x0000000000007465, // et
            0x0000000000006966, // fi
            0x0000000000007966, // fy
            0x0000000000006C67, // gl
            0x0000000000006169, // ia
            0x0000000000006F69, // io
            0x000000000000696A, // ji
            0x00000000006A696C, // lij
            0x0000000000006C6E, // nl
            0x0000000000006373, // sc
            0x00000000006E6373, // scn
            0x0000000000007673, // sv
            0x0000000000007773, // sw
            0x0000000000007275, // ur
            0x0000000000006979: // yi
            return .cardinalAst
        case
            0x0000000000006562: // be
            return .cardinalBe
        case
            0x0000000000007262: // br
            return .cardinalBr
        case
            0x0000000000007362, // bs
            0x0000000000007268, // hr
            0x0000000000006873, // sh
            0x0000000000007273: // sr
            return .cardinalBs
        case
            0x0000000000006163, // ca
            0x0000000000007469, // it
            0x00000054505F7470, // pt_PT
            0x0000000000636576: // vec
            return .cardinalCa
        case
            0x0000000000626563, // ceb
            0x00000000006C6966, // fil
            0x0000000000006C74: // tl
            return .cardinalCeb
        case
            0x0000000000007363, // cs
            0x0000000000006B73: // sk
            return .cardinalCs
        case
            0x0000000000007963: // cy
            return .cardinalCy
        case
            0x0000000000006164: // da
            return .cardinalDa
        case
            0x0000000000627364, // dsb
            0x0000000000627368: // hsb
            return .cardinalDsb
        case
            0x0000000000007365: // es
            return .cardinalEs
        case
            0x0000000000006666, // ff
            0x0000000000007968, // hy
            0x000000000062616B: // kab
            return .cardinalFf
        case
            0x0000000000007266: // fr
            return .cardinalFr
        case
            0x0000000000006167: // ga
            return .cardinalGa
        case
            0x0000000000006467: // gd
            return .cardinalGd
        case
            0x0000000000007667: // gv
            return .cardinalGv
        case
            0x0000000000006568, // he
            0x0000000000007769: // iw
            return .cardinalHe
        case
            0x0000000000007369: // is
            return .cardinalIs
        case
            0x0000000000007569, // iu
            0x000000000071616E, // naq
            0x0000000000746173, // sat
            0x0000000000006573, // se
            0x0000000000616D73, // sma
            0x0000000000696D73, // smi
            0x00000000006A6D73, // smj
            0x00000000006E6D73, // smn
            0x0000000000736D73: // sms
            return .cardinalIu
        case
            0x000000000068736B: // ksh
            return .cardinalKsh
        case
            0x000000000000776B: // kw
            return .cardinalKw
        case
            0x000000000067616C: // lag
            return .cardinalLag
        case
            0x000000000000746C: // lt
            return .cardinalLt
        case
            0x000000000000766C, // lv
            0x0000000000677270: // prg
            return .cardinalLv
        case
            0x0000000000006B6D: // mk
            return .cardinalMk
        case
            0x0000000000006F6D, // mo
            0x0000000000006F72: // ro
            return .cardinalMo
        case
            0x000000000000746D: // mt
            return .cardinalMt
        case
            0x0000000000006C70: // pl
            return .cardinalPl
        case
            0x0000000000007470: // pt
            return .cardinalPt
        case
            0x0000000000007572, // ru
            0x0000000000006B75: // uk
            return .cardinalRu
        case
            0x0000000000696873: // shi
            return .cardinalShi
        case
            0x0000000000006973: // si
            return .cardinalSi
        case
            0x0000000000006C73: // sl
            return .cardinalSl
        case
            0x00000000006D7A74: // tzm
            return .cardinalTzm
        default: return nil
        }
    }

    /// The ordinal rule set of a locale id exactly as ICU's plural table has it
    /// (`en`, `pt_PT`, `root`), packed by `CLDRPluralRules.pack(_:)`; nil if it has none.
    package static func ordinal(packed id: UInt64) -> PluralRuleSet? {
        switch id {
        case
            0x0000000000006661, // af
            0x0000000000006D61, // am
            0x0000000000006E61, // an
            0x0000000000007261, // ar
            0x0000000000747361, // ast
            0x0000000000006762, // bg
            0x0000000000007362, // bs
            0x0000000000006563, // ce
            0x0000000000007363, // cs
            0x0000000000006164, // da
            0x0000000000006564, // de
            0x0000000000627364, // dsb
            0x0000000000006C65, // el
            0x0000000000007365, // es
            0x0000000000007465, // et
            0x0000000000007565, // eu
            0x0000000000006166, // fa
            0x0000000000006966, // fi
            0x0000000000007966, // fy
            0x0000000000006C67, // gl
            0x0000000000777367, // gsw
            0x0000000000006568, // he
            0x0000000000007268, // hr
            0x0000000000627368, // hsb
            0x0000000000006169, // ia
            0x0000000000006469, // id
            0x0000000000006E69, // in
            0x0000000000007369, // is
            0x0000000000007769, // iw
            0x000000000000616A, // ja
            0x0000000000006D6B, // km
            0x0000000000006E6B, // kn
            0x0000000000006F6B, // ko
            0x000000000000796B, // ky
            0x000000000000746C, // lt
            0x000000000000766C, // lv
            0x0000000000006C6D, // ml
            0x0000000000006E6D, // mn
            0x000000000000796D, // my
            0x000000000000626E, // nb
            0x0000000000006C6E, // nl
            0x0000000000006F6E, // no
            0x0000000000006170, // pa
            0x0000000000006C70, // pl
            0x0000000000677270, // prg
            0x0000000000007370, // ps
            0x0000000000007470, // pt
            0x00000000746F6F72, // root
            0x0000000000007572, // ru
            0x0000000000006473, // sd
            0x0000000000006873, // sh
            0x0000000000006973, // si
            0x0000000000006B73, // sk
            0x0000000000006C73, // sl
            0x0000000000007273, // sr
            0x0000000000007773, // sw
            0x0000000000006174, // ta
            0x0000000000006574, // te
            0x0000000000006874, // th
            0x0000000000697074, // tpi
            0x0000000000007274, // tr
            0x0000000000007275, // ur
            0x0000000000007A75, // uz
            0x0000000000657579, // yue
            0x000000000000687A, // zh
            0x000000000000757A: // zu
            return .otherOnly
        case
            0x00000000006C6162, // bal
            0x00000000006C6966, // fil
            0x0000000000007266, // fr
            0x0000000000006167, // ga
            0x0000000000007968, // hy
            0x0000000000006F6C, // lo
            0x0000000000006F6D, // mo
            0x000000000000736D, // ms
            0x0000000000006F72, // ro
            0x0000000000006C74, // tl
            0x0000000000006976: // vi
            return .cardinalAf
        case
            0x0000000000007361, // as
            0x0000000000006E62: // bn
            return .ordinalAs
        case
            0x0000000000007A61: // az
            return .ordinalAz
        case
            0x0000000000006562: // be
            return .ordinalBe
        case
            0x0000000000006163: // ca
            return .ordinalCa
        case
            0x0000000000007963: // cy
            return .ordinalCy
        case
            0x0000000000006E65: // en
            return .ordinalEn
        case
            0x0000000000006467: // gd
            return .ordinalGd
        case
            0x0000000000007567, // gu
            0x0000000000006968: // hi
            return .ordinalGu
        case
            0x0000000000007568: // hu
            return .ordinalHu
        case
            0x0000000000007469, // it
            0x0000000000006373, // sc
            0x00000000006E6373, // scn
            0x0000000000636576: // vec
            return .ordinalIt
        case
            0x000000000000616B: // ka
            return .ordinalKa
        case
            0x0000000000006B6B: // kk
            return .ordinalKk
        case
            0x000000000000776B: // kw
            return .ordinalKw
        case
            0x00000000006A696C: // lij
            return .ordinalLij
        case
            0x0000000000006B6D: // mk
            return .ordinalMk
        case
            0x000000000000726D: // mr
            return .ordinalMr
        case
            0x000000000000656E: // ne
            return .ordinalNe
        case
            0x000000000000726F: // or
            return .ordinalOr
        case
            0x0000000000007173: // sq
            return .ordinalSq
        case
            0x0000000000007673: // sv
            return .ordinalSv
        case
            0x0000000000006B74: // tk
            return .ordinalTk
        case
            0x0000000000006B75: // uk
            return .ordinalUk
        default: return nil
        }
    }

    /// CLDR's explicit parent of a locale id in ICU form (`%%Parent` in ICU's bundle of it;
    /// "root" when the parent is the root locale), nil when the parent is the truncation.
    package static func explicitParent(of id: String) -> String? {
        switch id {
        case "en_150", "en_AG", "en_AI", "en_AU", "en_BB", "en_BM", "en_BS", "en_BW", "en_BZ", "en_CC", "en_CK", "en_CM", "en_CX", "en_CY", "en_DG", "en_DM", "en_ER", "en_FJ", "en_FK", "en_FM", "en_GB", "en_GD", "en_GG", "en_GH", "en_GI", "en_GM", "en_GY", "en_HK", "en_IE", "en_IL", "en_IM", "en_IN", "en_IO", "en_JE", "en_JM", "en_KE", "en_KI", "en_KN", "en_KY", "en_LC", "en_LR", "en_LS", "en_MG", "en_MO", "en_MS", "en_MT", "en_MU", "en_MV", "en_MW", "en_MY", "en_NA", "en_NF", "en_NG", "en_NR", "en_NU", "en_NZ", "en_PG", "en_PK", "en_PN", "en_PW", "en_RW", "en_SB", "en_SC", "en_SD", "en_SG", "en_SH", "en_SL", "en_SS", "en_SX", "en_SZ", "en_TC", "en_TK", "en_TO", "en_TT", "en_TV", "en_TZ", "en_UG", "en_VC", "en_VG", "en_VU", "en_WS", "en_ZA", "en_ZM", "en_ZW":
            return "en_001"
        case "en_AT", "en_BE", "en_CH", "en_DE", "en_DK", "en_FI", "en_NL", "en_SE", "en_SI":
            return "en_150"
        case "hi_Latn":
            return "en_IN"
        case "es_AR", "es_BO", "es_BR", "es_BZ", "es_CL", "es_CO", "es_CR", "es_CU", "es_DO", "es_EC", "es_GT", "es_HN", "es_MX", "es_NI", "es_PA", "es_PE", "es_PR", "es_PY", "es_SV", "es_US", "es_UY", "es_VE":
            return "es_419"
        case "nb", "nn":
            return "no"
        case "pt_AO", "pt_CH", "pt_CV", "pt_GQ", "pt_GW", "pt_LU", "pt_MO", "pt_MZ", "pt_ST", "pt_TL":
            return "pt_PT"
        case "az_Cyrl", "bs_Cyrl", "ff_Adlm", "ks_Deva", "pa_Arab", "sd_Deva", "shi_Latn", "sr_Latn", "uz_Arab", "uz_Cyrl", "vai_Latn", "yue_Hans", "zh_Hant":
            return "root"
        case "zh_Hant_MO":
            return "zh_Hant_HK"
        default: return nil
        }
    }
}
