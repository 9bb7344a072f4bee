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
    /// Every line recorded so far: the text of each event (names kept as runs are written out here, once).
    public var lines: [String] {
        writeDeferredLines()
        return storage.map(\.text)
    }
    /// Every event recorded so far, in order.
    public var events: [TraceEvent] {
        writeDeferredLines()
        return storage
    }
    /// Called with each line as it is recorded (`ripple run --trace` prints them).
    public var onLine: ((String) -> Void)?
    /// Called with each event as it is recorded (the JSON trace renders it).
    public var onEvent: ((TraceEvent) -> Void)?

    /// The events; those whose names are runs are written out by ``writeDeferredLines()``.
    private var storage: [TraceEvent] = []
    /// The positions in `storage` of events whose names are runs, not yet written out.
    private var deferred: [Int] = []

    /// Creates an empty log.
    public init() {}

    /// Records a line handed as text (its groups are read from it when its JSON is asked).
    public func record(_ line: String) {
        record(TraceEvent(line: line))
    }

    /// Records an event. Names kept as runs are written out at once when someone is told of each event
    /// (``onLine``, ``onEvent``), otherwise when ``lines`` is read.
    public func record(_ event: TraceEvent) {
        if onLine == nil && onEvent == nil {
            if event.isDeferred { deferred.append(storage.count) }
            storage.append(event)
            return
        }
        var event = event
        event.writeOut()
        storage.append(event)
        onLine?(event.text)
        onEvent?(event)
    }

    /// Forgets the recorded lines.
    public func clear() {
        storage.removeAll()
        deferred.removeAll()
    }

    /// Writes the deferred lines out, once.
    private func writeDeferredLines() {
        guard !deferred.isEmpty else { return }
        for index in deferred { storage[index].writeOut() }
        deferred.removeAll()
    }

    /// The event of an objects-did-change notification.
    static func describe(_ note: ObjectsDidChangeNotification) -> TraceEvent {
        var line = TraceLine("[\(note.context.name)] objectsDidChange ")
        var groups: [(name: String, group: TraceEvent.Group)] = []
        if !note.inserted.isEmpty { groups.append(("inserted", .names(line.appendPart("inserted: ", names: note.inserted)))) }
        if !note.updated.isEmpty { groups.append(("updated", appendChanges("updated: ", note.updated, note.changedKeys, to: &line))) }
        if !note.deleted.isEmpty { groups.append(("deleted", .names(line.appendPart("deleted: ", names: note.deleted)))) }
        if !note.refreshed.isEmpty { groups.append(("refreshed", appendChanges("refreshed: ", note.refreshed, note.changedKeys, to: &line))) }
        if !note.invalidated.isEmpty { groups.append(("invalidated", .names(line.appendPart("invalidated: ", names: note.invalidated)))) }
        if note.invalidatedAll { line.appendPart("invalidatedAll") }
        return TraceEvent(line: line, parts: .init(source: note.context.name, kind: "objectsDidChange", groups: groups))
    }

    /// The event of a did-save notification.
    static func describe(_ note: ContextDidSaveNotification) -> TraceEvent {
        var line = TraceLine("[\(note.context.name)] didSave")
        var groups: [(name: String, group: TraceEvent.Group)] = []
        if !note.inserted.isEmpty || !note.updated.isEmpty || !note.deleted.isEmpty { line.append(" ") }
        if !note.inserted.isEmpty { groups.append(("inserted", .names(line.appendPart("inserted: ", names: note.inserted)))) }
        if !note.updated.isEmpty { groups.append(("updated", appendChanges("updated: ", note.updated, note.changedKeys, to: &line))) }
        if !note.deleted.isEmpty { groups.append(("deleted", .names(line.appendPart("deleted: ", names: note.deleted)))) }
        return TraceEvent(line: line, parts: .init(source: note.context.name, kind: "didSave", groups: groups))
    }

    /// Appends `label` and `Customer#2 {name, since}, Order#1 {total}`; returns the group.
    private static func appendChanges(_ label: String, _ objects: [ManagedObject], _ keys: [ManagedObject: [String]],
                                      to line: inout TraceLine) -> TraceEvent.Group {
        let changes = objects.map { (object: $0.displayName, keys: keys[$0] ?? []) }
        line.appendPart(label + changes.map { $0.object + " {" + $0.keys.joined(separator: ", ") + "}" }.joined(separator: ", "))
        return .changes(changes)
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
