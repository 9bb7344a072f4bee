import _FoundationICU

/// A regular expression for `MATCHES` and attribute patterns, compiled and run by ICU — the engine of
/// `NSRegularExpression` and of `NSPredicate`'s `MATCHES`, with its syntax and semantics (`\p{L}`,
/// `(?i)`, `[[:alpha:]]`, possessive quantifiers, look-around…).
///
/// Like `MATCHES`, the whole string must match. `[c]` sets ICU's case-insensitive flag; `[d]` removes
/// diacritics (canonical decomposition, then combining marks dropped) from both the string and the
/// pattern before matching.
///
/// Matching is bounded: ICU counts its match steps and stops after ``RegularExpressionStepLimit/current``
/// steps (10,000,000 by default; set per thread before each match) with `U_REGEX_TIME_OUT` (a count, not a
/// clock: the same pattern and text always stop at the same point);
/// its backtracking stack lives on the heap (``stackLimit`` bytes), never on the native stack. Each
/// 10,000 steps are also charged to the script's ``WorkBudget`` (100 units).
final class RegularExpression {
    /// The largest backtracking stack ICU may allocate, in bytes.
    static let stackLimit: Int32 = 8 * 1024 * 1024

    /// An empty text that lives as long as the program, set after each match.
    private nonisolated(unsafe) static let empty: UnsafeMutablePointer<UInt16> = {
        let p = UnsafeMutablePointer<UInt16>.allocate(capacity: 1)
        p.initialize(to: 0)
        return p
    }()

    let pattern: String
    let options: ComparisonPredicate.Options
    private let handle: OpaquePointer

    /// Compiles a pattern.
    /// - Throws: `.predicateEvaluation` with ICU's error name:
    ///   `Can't do regex matching, reason: Can't open pattern U_REGEX_MISSING_CLOSE_PAREN (pattern "a(b")`.
    init(pattern: String, options: ComparisonPredicate.Options) throws {
        self.pattern = pattern
        self.options = options
        let source = UnicodeText.utf16(options.contains(.diacriticInsensitive)
                                       ? StringFolding.removingDiacritics(pattern) : pattern)
        guard source.count < Int(Int32.max) else {
            throw ObjectGraphError(.limitExceeded, "Can't do regex matching, reason: the pattern is too long for ICU")
        }
        var flags: UInt32 = 0
        if options.contains(.caseInsensitive) { flags |= UInt32(UREGEX_CASE_INSENSITIVE.rawValue) }
        var status = U_ZERO_ERROR
        var parseError = UParseError()
        let compiled = (source + [0]).withUnsafeBufferPointer { buffer in
            swift_uregex_open(buffer.baseAddress!, Int32(source.count), flags, &parseError, &status)
        }
        guard let compiled, status.rawValue <= 0 else {
            if let compiled { swift_uregex_close(compiled) }
            throw ObjectGraphError(.predicateEvaluation,
                "Can't do regex matching, reason: Can't open pattern \(Self.errorName(status)) (pattern \(Expression.quote(pattern)))")
        }
        handle = compiled
        swift_uregex_setStackLimit(handle, Self.stackLimit, &status)
        swift_uregex_setMatchCallback(handle, { _, _ in
            // Called by ICU every 10,000 steps: charge the script's budget, stop when it is spent.
            (try? WorkBudget.charge(100)) == nil ? 0 : 1
        }, nil, &status)
    }

    deinit { swift_uregex_close(handle) }

    /// Whether the whole string matches.
    /// - Throws: `.limitExceeded` when ICU's step limit or stack limit, or the script's work budget, stops
    ///   the match: `Can't do regex matching, reason: U_REGEX_TIME_OUT: the pattern "(a+)+b" needed more
    ///   than 10000000 steps on a string of 28 characters`.
    func matchesWhole(_ string: String) throws -> Bool {
        let text = UnicodeText.utf16(options.contains(.diacriticInsensitive)
                                     ? StringFolding.removingDiacritics(string) : string)
        guard text.count < Int(Int32.max) else {
            throw ObjectGraphError(.limitExceeded,
                "Can't do regex matching, reason: a string of \(text.count) UTF-16 units is too long for ICU")
        }
        try WorkBudget.charge(1 + text.count / 100)
        var status = U_ZERO_ERROR
        let stepLimit = RegularExpressionStepLimit.current
        swift_uregex_setTimeLimit(handle, Int32(stepLimit / RegularExpressionStepLimit.granularity), &status)
        let matched = (text + [0]).withUnsafeBufferPointer { buffer -> Bool in
            swift_uregex_setText(handle, buffer.baseAddress!, Int32(text.count), &status)
            guard status.rawValue <= 0 else { return false }
            let result = swift_uregex_matches(handle, -1, &status) != 0
            // Do not keep a pointer to the buffer past its lifetime.
            var reset = U_ZERO_ERROR
            swift_uregex_setText(handle, RegularExpression.empty, 0, &reset)
            return result
        }
        guard status.rawValue > 0 else { return matched }
        if status == U_REGEX_STOPPED_BY_CALLER, let budget = WorkBudget.current, budget.isExhausted {
            throw ObjectGraphError(.limitExceeded, budget.message)
        }
        let name = Self.errorName(status)
        var detail = ""
        switch status {
        case U_REGEX_TIME_OUT:
            detail = ": the pattern \(Expression.quote(pattern)) needed more than \(stepLimit) steps"
                + " on a string of \(string.count) characters"
        case U_REGEX_STACK_OVERFLOW:
            detail = ": the pattern \(Expression.quote(pattern)) needed more than \(Self.stackLimit / 1024 / 1024) MB"
                + " of backtracking stack on a string of \(string.count) characters"
        default:
            detail = " (pattern \(Expression.quote(pattern)))"
        }
        throw ObjectGraphError(.limitExceeded, "Can't do regex matching, reason: \(name)\(detail)")
    }

    /// ICU's name of an error code (`U_REGEX_MISSING_CLOSE_PAREN`).
    static func errorName(_ status: UErrorCode) -> String {
        String(cString: swift_u_errorName(status))
    }
}
