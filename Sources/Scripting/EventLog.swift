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
    /// Every line recorded so far: the text of each event, written once, when first read or printed.
    public var lines: [String] {
        renderLines()
        return rendered
    }
    /// Every event recorded so far, in order.
    public var events: [TraceEvent] { chunks.count == 1 ? chunks[0] : Array(chunks.joined()) }
    /// Called with each line as it is recorded (`ripple run --trace` prints them).
    @exclusivity(unchecked) public var onLine: ((String) -> Void)?
    /// Called with each event as it is recorded (the JSON trace renders it).
    @exclusivity(unchecked) public var onEvent: ((TraceEvent) -> Void)?

    /// The events, as recorded: most of them by their parts, their text not yet written. They are kept in
    /// chunks, each allocated once at its full capacity (as many events as came before it, from 16 up to
    /// 4096), so that an event is never moved after it was recorded: one growing array moved every event at
    /// each doubling of its capacity.
    @exclusivity(unchecked) private var chunks: [[TraceEvent]] = []
    /// How many events ``chunks`` holds.
    @exclusivity(unchecked) private var count = 0
    /// The text of the first `rendered.count` events, written when they were read or printed.
    @exclusivity(unchecked) private var rendered: [String] = []

    /// Creates an empty log.
    public init() {}

    /// Records a line of Ripple's own bindings (``TraceNote``).
    func record(_ note: TraceNote) {
        record(TraceEvent(note))
    }

    /// Records an event. Its text is written when someone is told of each event (``onLine``, ``onEvent``),
    /// otherwise when ``lines`` is read.
    public func record(_ event: consuming TraceEvent) {
        // Without a listener the event moves into the log (no copy of its parts).
        if onLine == nil && onEvent == nil { append(event); return }
        append(copy event)
        let text = event.text
        if rendered.count == count - 1 { rendered.append(text) }
        onLine?(text)
        onEvent?(event)
    }

    /// Appends an event to the last chunk, or to a new one when it is full.
    @inline(__always)
    private func append(_ event: consuming TraceEvent) {
        let last = chunks.count - 1
        if last >= 0 && chunks[last].count < chunks[last].capacity {
            chunks[last].append(event)
        } else {
            var chunk: [TraceEvent] = []
            chunk.reserveCapacity(min(max(count, 16), 4096))
            chunk.append(event)
            chunks.append(chunk)
        }
        count += 1
    }

    /// Forgets the recorded lines.
    public func clear() {
        chunks.removeAll()
        count = 0
        rendered.removeAll()
    }

    /// Writes the text of the events not written yet, once.
    private func renderLines() {
        guard rendered.count < count else { return }
        rendered.reserveCapacity(count)
        var start = 0
        for chunk in chunks {
            let end = start + chunk.count
            if end > rendered.count {
                for index in (rendered.count - start)..<chunk.count { rendered.append(chunk[index].text) }
            }
            start = end
        }
    }

    /// The event of an objects-did-change notification: its objects' names and changed keys, written when read.
    static func describe(_ note: ObjectsDidChangeNotification) -> TraceEvent {
        var changes = TraceChanges()
        changes.append(.inserted, note.inserted)
        if note.changedKeysWereSet {
            if !note.updated.isEmpty { changes.append(.updated, note.updated, sortsKeys: false) { note.propertyChanges(of: $0) } }
            changes.append(.deleted, note.deleted)
            if !note.refreshed.isEmpty { changes.append(.refreshed, note.refreshed, sortsKeys: false) { note.propertyChanges(of: $0) } }
        } else {
            if !note.updated.isEmpty { changes.append(.updated, note.updated, records: note.changes) }
            changes.append(.deleted, note.deleted)
            if !note.refreshed.isEmpty { changes.append(.refreshed, note.refreshed, records: note.changes) }
        }
        changes.append(.invalidated, note.invalidated)
        changes.invalidatedAll = note.invalidatedAll
        return TraceEvent(.changes(context: note.context.name, kind: .objectsDidChange, changes))
    }

    /// The event of a did-save notification: its objects' names and changed keys, written when read.
    static func describe(_ note: ContextDidSaveNotification) -> TraceEvent {
        var changes = TraceChanges()
        changes.append(.inserted, note.inserted)
        if note.changedKeysWereSet {
            if !note.updated.isEmpty { changes.append(.updated, note.updated, sortsKeys: false) { note.propertyChanges(of: $0) } }
        } else if !note.updated.isEmpty {
            changes.append(.updated, note.updated, records: note.changes)
        }
        changes.append(.deleted, note.deleted)
        return TraceEvent(.changes(context: note.context.name, kind: .didSave, changes))
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
