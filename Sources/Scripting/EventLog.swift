import ObjectGraph

/// The event trace: every notification as one deterministic line, objects named `Entity#n`.
///
/// Lines look like:
/// ```
/// [viewContext] objectsDidChange inserted: Customer#1; updated: Customer#2 {name, since}; deleted: Order#3
/// [viewContext] willSave
/// [viewContext] didSave inserted: Customer#1; updated: Customer#2 {name}
/// ```
public final class EventLog {
    /// Every line recorded so far (lines recorded with their object names as runs are written out here, once).
    public var lines: [String] {
        writeDeferredLines()
        return storage
    }
    /// Called with each line as it is recorded (`ripple run --trace` prints them).
    @exclusivity(unchecked) public var onLine: ((String) -> Void)?

    /// The lines; a deferred line is an empty placeholder until ``writeDeferredLines()``.
    @exclusivity(unchecked) private var storage: [String] = []
    /// The lines recorded with runs of object names, by their position in `storage`, not yet written out.
    @exclusivity(unchecked) private var deferred: [(index: Int, line: TraceLine)] = []

    /// Creates an empty log.
    public init() {}

    /// Records a line.
    public func record(_ line: String) {
        storage.append(line)
        onLine?(line)
    }

    /// Records a line whose object names may be runs: written out at once when someone prints each line
    /// (``onLine``), otherwise when ``lines`` is read.
    func record(_ line: TraceLine) {
        if onLine == nil, line.isDeferred {
            deferred.append((storage.count, line))
            storage.append("")
        } else {
            record(line.text)
        }
    }

    /// Forgets the recorded lines.
    public func clear() {
        storage.removeAll()
        deferred.removeAll()
    }

    /// Writes the deferred lines into `storage`.
    private func writeDeferredLines() {
        guard !deferred.isEmpty else { return }
        for (index, line) in deferred { storage[index] = line.text }
        deferred.removeAll()
    }

    /// The line for an objects-did-change notification.
    static func describe(_ note: ObjectsDidChangeNotification) -> TraceLine {
        var line = TraceLine("[\(note.context.name)] objectsDidChange ")
        if !note.inserted.isEmpty { line.appendPart("inserted: ", names: note.inserted) }
        if !note.updated.isEmpty { line.appendPart("updated: " + withKeys(note.updated, note.changedKeys)) }
        if !note.deleted.isEmpty { line.appendPart("deleted: ", names: note.deleted) }
        if !note.refreshed.isEmpty { line.appendPart("refreshed: " + withKeys(note.refreshed, note.changedKeys)) }
        if !note.invalidated.isEmpty { line.appendPart("invalidated: ", names: note.invalidated) }
        if note.invalidatedAll { line.appendPart("invalidatedAll") }
        return line
    }

    /// The line for a did-save notification.
    static func describe(_ note: ContextDidSaveNotification) -> TraceLine {
        var line = TraceLine("[\(note.context.name)] didSave")
        if !note.inserted.isEmpty || !note.updated.isEmpty || !note.deleted.isEmpty { line.append(" ") }
        if !note.inserted.isEmpty { line.appendPart("inserted: ", names: note.inserted) }
        if !note.updated.isEmpty { line.appendPart("updated: " + withKeys(note.updated, note.changedKeys)) }
        if !note.deleted.isEmpty { line.appendPart("deleted: ", names: note.deleted) }
        return line
    }

    /// `Customer#2 {name, since}, Order#1 {total}`.
    private static func withKeys(_ objects: [ManagedObject], _ keys: [ManagedObject: [String]]) -> String {
        objects.map { $0.displayName + " {" + (keys[$0] ?? []).joined(separator: ", ") + "}" }.joined(separator: ", ")
    }

    /// `Customer#1, Customer#2`: the bytes of the whole list written into the string's own storage (sized
    /// once from an upper bound), the entity name's bytes taken once per run of objects of one entity (a
    /// bulk insert names 10⁵–10⁶ objects: no string, no array append and no ID copy per object).
    static func names(_ objects: [ManagedObject]) -> String {
        guard !objects.isEmpty else { return "" }
        // Upper bound: the longest entity name, "#", a sign, 20 digits and ", " per object.
        var longest = 0
        var entity: EntityDescription?
        for object in objects where object.entity !== entity {
            entity = object.entity
            longest = max(longest, object.objectID.entityName.utf8.count)
        }
        let capacity = objects.count * (longest + 24)
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var at = 0
            var entity: EntityDescription?
            var name: [UInt8] = []
            for (i, object) in objects.enumerated() {
                if i > 0 {
                    buffer[at] = 44  // ","
                    buffer[at + 1] = 32  // " "
                    at += 2
                }
                if object.entity !== entity {
                    entity = object.entity
                    name = Array(object.objectID.entityName.utf8)
                }
                for byte in name {
                    buffer[at] = byte
                    at += 1
                }
                buffer[at] = 35  // "#"
                at += 1
                at = writeDecimal(object.objectID.number, into: buffer, at: at)
            }
            return at
        }
    }

    /// Writes `number` in decimal (a "-" first when negative) at `at` of `buffer`; returns the end.
    static func writeDecimal(_ number: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var at = start
        if number < 0 {
            buffer[at] = 45  // "-"
            at += 1
        }
        var n = number.magnitude
        var count = 0
        repeat {
            count += 1
            n /= 10
        } while n > 0
        n = number.magnitude
        var end = at + count
        at = end
        repeat {
            end -= 1
            buffer[end] = UInt8(48 + n % 10)
            n /= 10
        } while n > 0
        return at
    }
}
