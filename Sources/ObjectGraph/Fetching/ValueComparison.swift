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
        case (.collection(let a), .collection(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { isEqual($0, $1, options: options) }
        case (.integer(let a), .integer(let b)): return a == b
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
        default:
            guard let a = lhs.numericValue, let b = rhs.numericValue else { return nil }
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

/// Case and diacritic folding for the `[c]` and `[d]` options.
///
/// Diacritic folding maps the accented letters of Latin-1 Supplement and Latin Extended-A to their base
/// letter (é → e, Ł → L) and drops combining marks (U+0300–U+036F); ligatures (æ, œ, ß, ĳ) are kept.
/// Case folding lower-cases with the standard library's Unicode mapping.
enum StringFolding {
    /// The folded scalars of a string.
    static func fold(_ string: String, _ options: ComparisonPredicate.Options) -> [Unicode.Scalar] {
        var scalars = Array(string.unicodeScalars)
        if options.contains(.diacriticInsensitive) {
            scalars = foldDiacritics(scalars)
        }
        if options.contains(.caseInsensitive) {
            var s = String.UnicodeScalarView()
            s.append(contentsOf: scalars)
            scalars = Array(String(s).lowercased().unicodeScalars)
        }
        return scalars
    }

    /// Removes Latin diacritics from each scalar.
    static func foldDiacritics(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(scalars.count)
        for s in scalars {
            if let base = baseLetter(s) {
                if base.value != 0 { out.append(base) }
            } else {
                out.append(s)
            }
        }
        return out
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
