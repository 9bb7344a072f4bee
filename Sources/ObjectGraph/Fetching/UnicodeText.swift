import _FoundationICU

/// Unicode services of ICU (the `_FoundationICU` library that Foundation itself uses on Linux): full case
/// folding, canonical decomposition and collation.
///
/// ASCII text takes a fast path that gives the same result without calling ICU.
enum UnicodeText {
    /// The UTF-16 code units of a string.
    static func utf16(_ s: String) -> [UInt16] { Array(s.utf16) }

    /// A string from UTF-16 code units.
    static func string(_ units: [UInt16]) -> String { String(decoding: units, as: UTF16.self) }

    /// Unicode full case folding (`u_strFoldCase` with the default mapping): `"Straße"` → `"strasse"`,
    /// `"ΣΑΣ"` → `"σασ"`.
    static func caseFolded(_ s: String) -> String {
        if s.utf8.allSatisfy({ $0 < 0x80 }) { return s.lowercased() }
        return transform(s) { dest, capacity, src, length, status in
            swift_u_strFoldCase(dest, capacity, src, length, 0, &status)
        } ?? s.lowercased()
    }

    /// The canonical decomposition (NFD): `"é"` → `"e"` + U+0301.
    static func decomposed(_ s: String) -> String {
        if s.utf8.allSatisfy({ $0 < 0x80 }) { return s }
        var status = U_ZERO_ERROR
        guard let nfd = swift_unorm2_getNFDInstance(&status), status.rawValue <= 0 else { return s }
        return transform(s) { dest, capacity, src, length, status in
            swift_unorm2_normalize(nfd, src, length, dest, capacity, &status)
        } ?? s
    }

    /// Runs an ICU string function that writes into a buffer, growing the buffer once when ICU asks.
    private static func transform(_ s: String,
                                  _ body: (UnsafeMutablePointer<UInt16>, Int32, UnsafePointer<UInt16>, Int32,
                                           inout UErrorCode) -> Int32) -> String? {
        let source = utf16(s)
        guard source.count < Int(Int32.max / 4) else { return nil }
        var capacity = max(16, source.count * 3 / 2 + 8)
        for _ in 0..<2 {
            var status = U_ZERO_ERROR
            var out = [UInt16](repeating: 0, count: capacity)
            let length = source.withUnsafeBufferPointer { src in
                out.withUnsafeMutableBufferPointer { dest in
                    body(dest.baseAddress!, Int32(capacity), src.baseAddress ?? UnsafePointer(dest.baseAddress!),
                         Int32(source.count), &status)
                }
            }
            if status == U_BUFFER_OVERFLOW_ERROR {
                capacity = Int(length) + 1
                continue
            }
            guard status.rawValue <= 0 else { return nil }
            return string(Array(out[0..<Int(length)]))
        }
        return nil
    }

    // MARK: - Collation

    /// A collator of the root locale (deterministic: the simulator does not follow the machine's locale).
    final class Collator {
        let handle: OpaquePointer

        /// - Parameters:
        ///   - caseInsensitive: secondary strength (accents count, case does not).
        ///   - numeric: digit runs compare by numeric value (`"File2"` < `"File10"`).
        init?(caseInsensitive: Bool, numeric: Bool) {
            var status = U_ZERO_ERROR
            guard let c = swift_ucol_open("", &status), status.rawValue <= 0 else { return nil }
            handle = c
            if caseInsensitive { swift_ucol_setAttribute(c, UCOL_STRENGTH, UCOL_SECONDARY, &status) }
            if numeric { swift_ucol_setAttribute(c, UCOL_NUMERIC_COLLATION, UCOL_ON, &status) }
        }

        deinit { swift_ucol_close(handle) }

        func compare(_ a: String, _ b: String) -> ComparisonResult {
            let x = UnicodeText.utf16(a), y = UnicodeText.utf16(b)
            let r = x.withUnsafeBufferPointer { xp in
                y.withUnsafeBufferPointer { yp in
                    swift_ucol_strcoll(handle, xp.baseAddress, Int32(clamping: x.count), yp.baseAddress,
                                      Int32(clamping: y.count))
                }
            }
            switch r {
            case UCOL_LESS: return .orderedAscending
            case UCOL_GREATER: return .orderedDescending
            default: return .orderedSame
            }
        }
    }

    /// `localizedCompare:` (tertiary strength).
    nonisolated(unsafe) static let localizedCollator = Collator(caseInsensitive: false, numeric: false)
    /// `localizedCaseInsensitiveCompare:` (secondary strength).
    nonisolated(unsafe) static let caseInsensitiveCollator = Collator(caseInsensitive: true, numeric: false)
    /// `localizedStandardCompare:` (secondary strength, numeric).
    nonisolated(unsafe) static let standardCollator = Collator(caseInsensitive: true, numeric: true)
}
