#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Store UUIDs (`NSStoreUUID`) and the small tags object IDs carry for them.
///
/// An object ID names its store by a 32-bit tag (``ManagedObjectID/storeTag``) instead of the UUID's text,
/// so an ID stays four words; the table here turns a tag back into its UUID, process-wide (a UUID has one
/// tag however many stores of it are opened, so the table holds each distinct UUID once).
///
/// A new store's UUID is random, as Core Data's, unless the calling thread has a ``Sequence`` installed:
/// then it is the sequence's next deterministic UUID, `52495050-4C45-4000-8000-000000000001`,
/// `…-000000000002`, … (the first group and a half spell "RIPPLE" in ASCII). Ripple's script engine installs
/// one per engine while a script runs, so a scenario's stores, and the URIs of their objects, are the
/// same in every run.
public enum StoreIdentity {
    /// The deterministic store UUIDs one script engine hands out, in order.
    public final class Sequence: @unchecked Sendable {
        /// How many UUIDs it has handed out.
        public private(set) var count = 0
        /// Creates a sequence starting at the first UUID.
        public init() {}
        /// The next UUID.
        public func next() -> String {
            count += 1
            return StoreIdentity.deterministicUUID(count)
        }
    }

    /// The `n`-th deterministic UUID: `52495050-4C45-4000-8000-` and `n` in 12 hexadecimal digits.
    public static func deterministicUUID(_ n: Int) -> String {
        let hex = String(UInt64(truncatingIfNeeded: n) & 0xFFFF_FFFF_FFFF, radix: 16, uppercase: true)
        return "52495050-4C45-4000-8000-" + String(repeating: "0", count: 12 - hex.count) + hex
    }

    /// The prefix of a temporary ID's text after `t` (Core Data's form is a UUID then a counter):
    /// `x-coredata:///Customer/t52495050-4C45-4000-8000-0000000000001` is temporary object 1.
    public static let temporaryPrefix = "52495050-4C45-4000-8000-000000000000"

    /// A UUID for a new store: the installed sequence's next one, or a random one.
    public static func newStoreUUID() -> String {
        current?.next() ?? SQLiteStoreFile.newUUID()
    }

    /// The calling thread's sequence (nil: new stores get random UUIDs).
    public static var current: Sequence? {
        get { pthread_getspecific(key).map { Unmanaged<Sequence>.fromOpaque($0).takeUnretainedValue() } }
        set {
            if let old = pthread_getspecific(key) { Unmanaged<Sequence>.fromOpaque(old).release() }
            pthread_setspecific(key, newValue.map { UnsafeRawPointer(Unmanaged.passRetained($0).toOpaque()) })
        }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private static let table = Mutex<(uuids: [String], tags: [String: UInt32])>(([""], [:]))

    /// The tag of a UUID (1 or more; the same UUID always has the same tag).
    public static func tag(for uuid: String) -> UInt32 {
        table.withLock { t in
            if let tag = t.tags[uuid] { return tag }
            let tag = UInt32(t.uuids.count)
            t.uuids.append(uuid)
            t.tags[uuid] = tag
            return tag
        }
    }

    /// The UUID of a tag (nil for 0 or an unknown tag).
    public static func uuid(for tag: UInt32) -> String? {
        guard tag != 0 else { return nil }
        return table.withLock { t in Int(tag) < t.uuids.count ? t.uuids[Int(tag)] : nil }
    }

    /// The tag of a UUID if it has one, without adding it.
    static func existingTag(for uuid: String) -> UInt32? {
        table.withLock { $0.tags[uuid] }
    }
}
