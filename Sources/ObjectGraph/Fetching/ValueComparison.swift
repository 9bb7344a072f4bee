/// The result of comparing two values (`NSComparisonResult`).
///
/// ```swift
/// SortDescriptor.compareValues(.integer(1), .integer(2))   // .orderedAscending
/// ```
public enum ComparisonResult: Int, Sendable {
    /// The left value comes first.
    case orderedAscending = -1
    /// Neither value comes first.
    case orderedSame = 0
    /// The right value comes first.
    case orderedDescending = 1

    /// The opposite order (`orderedSame` stays the same).
    public var reversed: ComparisonResult {
        ComparisonResult(rawValue: -rawValue) ?? .orderedSame
    }

    static func of<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult {
        a < b ? .orderedAscending : (b < a ? .orderedDescending : .orderedSame)
    }
}

/// The comparison rules shared by predicates and sort descriptors.
///
/// - Numbers (integer, double, Boolean) compare numerically with each other; dates compare with dates
///   and with numbers (a number is taken as seconds since 1970, as the SQLite store does).
/// - Strings compare by Unicode scalar value, optionally folded (case and/or diacritics).
/// - UUIDs and binary data compare by bytes; objects are equal when they stand for the same object
///   (the same object ID over the same coordinator, in any context).
enum ValueComparison {
    /// Whether two values are equal under the predicate rules.
    static func isEqual(_ lhs: Value, _ rhs: Value, options: ComparisonPredicate.Options = []) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.null, _), (_, .null): return false
        case (.string(let a), .string(let b)):
            return StringFolding.fold(a, options).elementsEqual(StringFolding.fold(b, options))
        case (.object(let a), .object(let b)): return a.isSameObject(as: b)
        case (.uuid(let a), .uuid(let b)): return a == b
        case (.uuid(let a), .string(let s)), (.string(let s), .uuid(let a)):
            return UUIDBytes(string: s) == a
        case (.data(let a), .data(let b)): return a == b
        case (.boxed(let a), .boxed(let b)): return a === b
        case (.data(let a), .string(let s)), (.string(let s), .data(let a)): return a.elementsEqual(s.utf8)
        case (.collection(let a), .collection(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { isEqual($0, $1, options: options) }
        case (.integer(let a), .integer(let b)): return a == b
        case (.decimal, _), (_, .decimal):
            // Decimals compare exactly: `price == 0.1` matches a price set from "0.1".
            guard let a = DecimalValue(operand: lhs), let b = DecimalValue(operand: rhs) else { return false }
            return a == b
        default:
            if let a = lhs.numericValue, let b = rhs.numericValue { return a == b }
            return false
        }
    }

    /// The order of two values under the predicate rules, or nil when they cannot be ordered
    /// (`nil` operand, incompatible types, objects, collections).
    static func order(_ lhs: Value, _ rhs: Value, options: ComparisonPredicate.Options = []) -> ComparisonResult? {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)):
            return compareScalars(StringFolding.fold(a, options), StringFolding.fold(b, options))
        case (.integer(let a), .integer(let b)): return .of(a, b)
        case (.uuid(let a), .uuid(let b)): return .of(a, b)
        case (.data(let a), .data(let b)): return compareSequences(a, b)
        case (.null, _), (_, .null), (.object, _), (_, .object), (.collection, _), (_, .collection):
            return nil
        case (.decimal, _), (_, .decimal):
            guard let a = DecimalValue(operand: lhs), let b = DecimalValue(operand: rhs) else {
                guard let a = lhs.numericValue, let b = rhs.numericValue, !a.isNaN, !b.isNaN else { return nil }
                return .of(a, b)
            }
            return .of(a, b)
        default:
            // NaN is unordered, as in IEEE arithmetic: every ordering comparison with it is false.
            guard let a = lhs.numericValue, let b = rhs.numericValue, !a.isNaN, !b.isNaN else { return nil }
            return .of(a, b)
        }
    }

    /// Lexicographic order of two scalar arrays.
    static func compareScalars(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> ComparisonResult {
        compareSequences(a.lazy.map(\.value), b.lazy.map(\.value))
    }

    /// Lexicographic order of two sequences.
    static func compareSequences<S: Sequence>(_ a: S, _ b: S) -> ComparisonResult where S.Element: Comparable {
        var ia = a.makeIterator()
        var ib = b.makeIterator()
        while true {
            switch (ia.next(), ib.next()) {
            case (nil, nil): return .orderedSame
            case (nil, _): return .orderedAscending
            case (_, nil): return .orderedDescending
            case (let x?, let y?):
                if x < y { return .orderedAscending }
                if y < x { return .orderedDescending }
            }
        }
    }
}

/// Case and diacritic folding for the `[c]` and `[d]` options, as Foundation folds with
/// `.caseInsensitive` and `.diacriticInsensitive`.
///
/// - `[c]`: Unicode full case folding (ICU's `u_strFoldCase`): `"Straße"` and `"STRASSE"` both fold to
///   `"strasse"`, Greek final sigma to sigma.
/// - `[d]`: canonical decomposition (NFD), then every nonspacing mark removed (`"Nguyễn"` → `"Nguyen"`);
///   Latin letters with a stroke that do not decompose (Ø, Ł, Đ, Ħ…) map to their base letter too;
///   ligatures (æ, œ, ĳ) are kept.
enum StringFolding {
    /// The folded scalars of a string.
    static func fold(_ string: String, _ options: ComparisonPredicate.Options) -> [Unicode.Scalar] {
        Array(folded(string, options).unicodeScalars)
    }

    /// The folded string.
    static func folded(_ string: String, _ options: ComparisonPredicate.Options) -> String {
        var s = string
        if options.contains(.diacriticInsensitive) { s = removingDiacritics(s) }
        if options.contains(.caseInsensitive) { s = UnicodeText.caseFolded(s) }
        return s
    }

    /// The string without diacritics (`[d]`).
    static func removingDiacritics(_ string: String) -> String {
        if string.utf8.allSatisfy({ $0 < 0x80 }) { return string }
        var out = String.UnicodeScalarView()
        for s in UnicodeText.decomposed(string).unicodeScalars {
            if s.properties.generalCategory == .nonspacingMark { continue }
            if let base = baseLetter(s) {
                if base.value != 0 { out.append(base) }
            } else {
                out.append(s)
            }
        }
        return String(out)
    }

    /// The base letter of an accented Latin letter; U+0000 for a combining mark (drop it); nil to keep.
    static func baseLetter(_ s: Unicode.Scalar) -> Unicode.Scalar? {
        let v = s.value
        switch v {
        case 0x300...0x36F:
            return Unicode.Scalar(0)
        case 0xC0...0xFF:
            return mapped(latin1, index: Int(v - 0xC0))
        case 0x100...0x17F:
            return mapped(latinExtendedA, index: Int(v - 0x100))
        default:
            return nil
        }
    }

    private static func mapped(_ table: [Unicode.Scalar], index: Int) -> Unicode.Scalar? {
        let base = table[index]
        return base == "." ? nil : base
    }

    // U+00C0 ... U+00FF; "." keeps the letter.
    private static let latin1: [Unicode.Scalar] = Array(
        ("AAAAAA.CEEEEIIII" + "DNOOOOO.OUUUUY.." + "aaaaaa.ceeeeiiii" + "dnooooo.ouuuuy.y").unicodeScalars)

    // U+0100 ... U+017F; "." keeps the letter.
    private static let latinExtendedA: [Unicode.Scalar] = Array(
        ("AaAaAaCcCcCcCcDd" + "DdEeEeEeEeEeGgGg" + "GgGgHhHhIiIiIiIi" + "Ii..JjKk.LlLlLlL"
            + "lLlNnNnNnn..OoOo" + "Oo..RrRrRrSsSsSs" + "SsTtTtTtUuUuUuUu" + "UuUuWwYyYZzZzZzs").unicodeScalars)
}
