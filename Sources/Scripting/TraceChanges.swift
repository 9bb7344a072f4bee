import ObjectGraph

/// The objects of a context's `objectsDidChange` or `didSave` event, kept as the parts the trace needs —
/// each object's entity name and number as they were when the event was recorded, and the changed keys of
/// each updated object — so that recording costs one array and the text (`inserted: Item#1; updated:
/// Item#2 {name}`) and the JSON are written only when the event is read.
///
/// Consecutive numbers of one entity in a group without keys are kept as one run (a bulk insert names
/// 10⁵–10⁶ objects nearly always as one run per entity). No object is kept alive by the record, and an
/// object renumbered later (a temporary ID made permanent) is still written with the number it had.
struct TraceChanges {
    /// The group an object is listed in, in the order the line writes them.
    enum Label: UInt8 {
        case inserted, updated, deleted, refreshed, invalidated

        /// The group's name in the JSON trace and, followed by ": ", in the text.
        var name: String {
            switch self {
            case .inserted: return "inserted"
            case .updated: return "updated"
            case .deleted: return "deleted"
            case .refreshed: return "refreshed"
            case .invalidated: return "invalidated"
            }
        }

        /// Whether the group lists each object's changed keys (`Item#2 {name}`).
        var hasKeys: Bool { self == .updated || self == .refreshed }
    }

    /// Objects `name#first` … `name#(first + count - 1)` of one group; a group with keys has one object per
    /// entry.
    struct Entry {
        var label: Label
        var name: String
        var first: Int
        var count: Int
        /// The changed keys' slot numbers (`EntityDescription.slotNumber(_:)`, named through ``entity`` when
        /// read), as the notification's record holds them: no key name is looked up when recording.
        var keySlots: [Int] = []
        /// Changed keys known by name (each once, none naming a slot of ``keySlots``).
        var keyNames: [String] = []
        /// Whether ``keys`` sorts the names (false for a dictionary set by hand, written as given).
        var sortsKeys = true
        /// The object's entity, which names ``keySlots``; nil when there are none.
        var entity: EntityDescription?

        /// The changed keys as the line writes them: sorted, each once (as `changedKeys` lists them).
        var keys: [String] {
            if keySlots.isEmpty && (!sortsKeys || keyNames.count < 2) { return keyNames }
            var names: [String] = []
            names.reserveCapacity(keySlots.count + keyNames.count)
            if let entity { for n in keySlots { names.append(entity.propertyName(slotNumber: n)) } }
            for key in keyNames where !names.contains(key) { names.append(key) }
            if sortsKeys { names.sort() }
            return names
        }
    }

    /// The entries, grouped by label in the order of ``Label``.
    private(set) var entries: [Entry] = []
    /// True when the context was reset (`invalidatedAll`).
    var invalidatedAll = false

    /// An empty record.
    init() {}

    /// Appends `objects` to the group `label`, as runs of consecutive numbers of one entity.
    mutating func append(_ label: Label, _ objects: [ManagedObject]) {
        guard !objects.isEmpty else { return }
        // The run being extended, in locals (an array element written per object costs a uniqueness check).
        var entity: EntityDescription?
        var first = 0, next = 0, count = 0
        objects.withUnsafeBufferPointer { buffer in
            for object in buffer {
                let number = object.objectNumber
                if number == next, count > 0, object.entity === entity, next != Int.min {
                    count += 1
                    next = number &+ 1
                    continue
                }
                if let entity, count > 0 {
                    entries.append(Entry(label: label, name: entity.name, first: first, count: count))
                }
                entity = object.entity
                first = number
                next = number &+ 1
                count = 1
            }
        }
        if let entity { entries.append(Entry(label: label, name: entity.name, first: first, count: count)) }
    }

    /// Appends `objects` to the group `label` with each object's changed keys as `changes(object)` records
    /// them (none when nil): the record's slot numbers and named keys are kept, and the names written when
    /// the event is read. `sortsKeys` is false when the keys are a dictionary set by hand (written as given).
    mutating func append(_ label: Label, _ objects: [ManagedObject], sortsKeys: Bool = true,
                         changes: (ManagedObject) -> PropertyChanges?) {
        entries.reserveCapacity(entries.count + objects.count)
        for object in objects {
            let entity = object.entity
            var entry = Entry(label: label, name: entity.name, first: object.objectNumber, count: 1)
            if let record = changes(object) {
                entry.keySlots = record.slots
                entry.keyNames = record.namedKeys
                entry.sortsKeys = sortsKeys
                if !record.slots.isEmpty { entry.entity = entity }
            }
            entries.append(entry)
        }
    }

    /// ``append(_:_:sortsKeys:changes:)`` for a notification's own records (its keys not set by hand): each
    /// object's slot numbers and named keys are read from `records` in place, with no copy of the whole
    /// record or of the notification, and found by walking the records in order (they are usually in the
    /// objects' order) before searching them.
    mutating func append(_ label: Label, _ objects: [ManagedObject], records: borrowing ObjectChangeRecords) {
        entries.reserveCapacity(entries.count + objects.count)
        var next = 0
        for object in objects {
            let entity = object.entity
            let found: Int?
            if next < records.objects.count && records.objects[next] === object {
                found = next
            } else {
                found = records.index(of: object)
            }
            guard let i = found else {
                entries.append(Entry(label: label, name: entity.name, first: object.objectNumber, count: 1))
                continue
            }
            next = i + 1
            let slots = records.records[i].slots
            entries.append(Entry(label: label, name: entity.name, first: object.objectNumber, count: 1,
                                 keySlots: slots, keyNames: records.records[i].namedKeys, sortsKeys: true,
                                 entity: slots.isEmpty ? nil : entity))
        }
    }

    /// Whether no object is listed.
    var isEmpty: Bool { entries.isEmpty }

    /// The groups in order, each with the range of its entries.
    private var groupRanges: [(label: Label, range: Range<Int>)] {
        var ranges: [(label: Label, range: Range<Int>)] = []
        var start = 0
        while start < entries.count {
            let label = entries[start].label
            var end = start + 1
            while end < entries.count, entries[end].label == label { end += 1 }
            ranges.append((label, start..<end))
            start = end
        }
        return ranges
    }

    /// `inserted: Item#1, Item#2; updated: Item#3 {name}` (and `; invalidatedAll`), as the line writes it.
    var text: String {
        var out = ""
        var parts = 0
        for (label, range) in groupRanges {
            if parts > 0 { out += "; " }
            parts += 1
            out += label.name
            out += ": "
            if label.hasKeys {
                for i in range {
                    if i > range.lowerBound { out += ", " }
                    let entry = entries[i]
                    out += entry.name
                    out += "#"
                    out += String(entry.first)
                    out += " {"
                    out += entry.keys.joined(separator: ", ")
                    out += "}"
                }
            } else {
                out += ObjectNameRuns(runs: entries[range].map { .init(name: $0.name, first: $0.first, count: $0.count) }).text
            }
        }
        if invalidatedAll {
            if parts > 0 { out += "; " }
            out += "invalidatedAll"
        }
        return out
    }

    /// The groups of the JSON trace: names, or objects with their keys.
    var groups: [(name: String, group: TraceEvent.Group)] {
        groupRanges.map { label, range in
            if label.hasKeys {
                return (label.name, .changes(entries[range].map { (object: $0.name + "#" + String($0.first), keys: $0.keys) }))
            }
            let runs = ObjectNameRuns(runs: entries[range].map { .init(name: $0.name, first: $0.first, count: $0.count) })
            return (label.name, .names(.runs(runs)))
        }
    }
}
