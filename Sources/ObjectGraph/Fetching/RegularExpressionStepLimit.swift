#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many match steps one regular-expression match (`MATCHES`, an attribute's `pattern`) may take before
/// it stops with `U_REGEX_TIME_OUT`, per thread.
///
/// ICU counts its steps in units of 10,000, so the limit is a multiple of ``granularity``; the default,
/// 10,000,000, stops `(a+)+b` on 28 characters in well under a second while ordinary patterns on long
/// strings finish. A front end may lower or raise it for the scripts it runs on a thread (Ripple's
/// `ripple.regularExpressionStepLimit(steps)`) and restores it afterwards; with nothing set, the default
/// applies.
///
/// ```swift
/// RegularExpressionStepLimit.current = 100_000
/// defer { RegularExpressionStepLimit.current = RegularExpressionStepLimit.defaultSteps }
/// ```
public enum RegularExpressionStepLimit {
    /// The limit when none is set: 10,000,000 steps.
    public static let defaultSteps = 10_000_000
    /// ICU's unit of steps: a limit is a multiple of it.
    public static let granularity = 10_000
    /// The limits accepted: 10,000 to 1,000,000,000 steps.
    public static let range = 10_000...1_000_000_000

    /// The calling thread's limit, in steps (``defaultSteps`` unless set). Setting a value outside ``range``
    /// or not a multiple of ``granularity`` is a programming error; check with ``isValid(_:)`` first.
    public static var current: Int {
        get {
            guard let raw = pthread_getspecific(key) else { return defaultSteps }
            return Int(bitPattern: raw) * granularity
        }
        set {
            precondition(isValid(newValue), "invalid regular-expression step limit \(newValue)")
            pthread_setspecific(key, newValue == defaultSteps ? nil : UnsafeRawPointer(bitPattern: newValue / granularity))
        }
    }

    /// Whether `steps` is an accepted limit.
    public static func isValid(_ steps: Int) -> Bool {
        range.contains(steps) && steps % granularity == 0
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}
