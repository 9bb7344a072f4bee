#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One budget of host work per script, shared with the Lua instruction count.
///
/// Lua's instruction hook cannot see time spent in Swift: a fetch over 100,000 objects, a sort or a
/// regular expression runs without executing a single Lua instruction. Long Swift loops therefore charge
/// their work to the ``current`` budget, in units comparable to Lua instructions (one unit per object
/// evaluated, per sort comparison, per 100 regular-expression steps…). The front end that runs a script
/// installs a budget, charges the Lua instructions it counts to the same budget, and removes it when the
/// script ends:
///
/// ```swift
/// let budget = WorkBudget(limit: 100_000_000,
///                         message: "the instruction limit of 100000000 was reached (--instruction-limit)")
/// WorkBudget.current = budget
/// defer { WorkBudget.current = nil }
/// try context.fetch(request)          // throws .limitExceeded with that message once the budget is spent
/// ```
///
/// With no current budget (the default) ``charge(_:)`` does nothing. ``current`` is per thread, so that
/// scripts run in parallel (one engine per thread, as the test runner does) each spend their own budget.
public final class WorkBudget {
    /// The calling thread's budget, charged by long host loops; nil for no limit. Set it to nil when the
    /// script ends (the budget is retained until then).
    public static var current: WorkBudget? {
        get {
            guard let raw = pthread_getspecific(currentKey) else { return nil }
            return Unmanaged<WorkBudget>.fromOpaque(raw).takeUnretainedValue()
        }
        set {
            if let old = pthread_getspecific(currentKey) { Unmanaged<WorkBudget>.fromOpaque(old).release() }
            pthread_setspecific(currentKey, newValue.map { Unmanaged.passRetained($0).toOpaque() })
        }
    }

    private static let currentKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The number of units the script may spend; 0 means no limit.
    public let limit: Int
    /// The units spent so far.
    @exclusivity(unchecked) public private(set) var used: Int = 0
    /// The message of the error thrown once the budget is spent.
    public let message: String

    /// Creates a budget.
    /// - Parameters:
    ///   - limit: The units allowed; 0 for no limit.
    ///   - message: The text of the `.limitExceeded` error, naming the limit and how to change it.
    public init(limit: Int, message: String) {
        self.limit = limit
        self.message = message
    }

    /// The units left (`Int.max` without a limit): what a Lua instruction hook may still allow.
    public var remaining: Int { limit == 0 ? Int.max : max(0, limit - used) }

    /// Whether the budget is spent.
    public var isExhausted: Bool { limit > 0 && used >= limit }

    /// Spends units; throws once the budget is spent (and on every later charge).
    /// - Throws: `.limitExceeded` with ``message``.
    public func charge(_ units: Int) throws {
        used = units > Int.max - used ? Int.max : used + max(0, units)
        if isExhausted { throw ObjectGraphError(.limitExceeded, message) }
    }

    /// Units charged per byte of text a host operation builds from its input (`window:describe()`,
    /// `ripple.graph`, `ripple.describe`): about what a byte of such output costs, in Lua instructions.
    public static let unitsPerTextByte = 20
    /// Units charged per value a host operation copies out for the script (snapshots of views and data
    /// sources) or compares (a diffable data source's difference).
    public static let unitsPerItem = 20
    /// Units charged per key-value observation looked at when a change is delivered (the fan-out).
    public static let unitsPerObservation = 20
    /// Units charged per object a save validates (inserted, updated and deleted objects).
    public static let unitsPerValidatedObject = 10

    /// Spends units of the ``current`` budget, if any.
    /// - Throws: `.limitExceeded` once the current budget is spent.
    public static func charge(_ units: Int) throws {
        try current?.charge(units)
    }
}
