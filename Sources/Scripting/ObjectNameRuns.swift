import ObjectGraph

/// The object names of a trace line (`Item#1, Item#2, …`) kept as runs of consecutive numbers of one entity,
/// written out only when the line is read (``EventLog/lines``) or printed (``EventLog/onLine``).
///
/// A bulk insert names 10⁵–10⁶ objects twice (the objects-did-change and did-save lines), nearly always as
/// one run per entity; formatting them on every save cost ≈ 0.4k instructions per object although most
/// runs never read the trace. The runs hold each object's entity name and number as they were when the line
/// was recorded, so the text is byte-identical to formatting the names at that time (``text``, checked
/// against ``EventLog/names(_:)`` by `EventLogTests`), and no object is kept alive by the log.
struct ObjectNameRuns {
    /// Objects `name#first`, `name#(first + 1)`, … `name#(first + count - 1)`.
    struct Run {
        let name: String
        let first: Int
        var count: Int
    }

    /// The runs, in the objects' order.
    private(set) var runs: [Run] = []

    /// Names made of `runs` as they are (a trace record's groups, ``TraceChanges``).
    init(runs: [Run]) { self.runs = runs }

    /// The runs of `objects`, or nil when they would not be shorter than the text (fewer than eight objects,
    /// or more than one run per four objects): the caller then formats the names at once.
    init?(_ objects: [ManagedObject]) {
        guard objects.count >= 8 else { return nil }
        let limit = objects.count / 4
        // The run being extended, in locals (an array element written per object costs a uniqueness check).
        var entity: EntityDescription?
        var first = 0, next = 0, count = 0
        let complete = objects.withUnsafeBufferPointer { buffer -> Bool in
            for object in buffer {
                let number = object.objectNumber
                if number == next, count > 0, object.entity === entity, next != Int.min {
                    count += 1
                    next = number &+ 1
                    continue
                }
                if let entity, count > 0 {
                    if runs.count == limit { return false }
                    runs.append(Run(name: entity.name, first: first, count: count))
                }
                entity = object.entity
                first = number
                next = number &+ 1
                count = 1
            }
            return true
        }
        guard complete, let entity, runs.count < limit else { return nil }
        runs.append(Run(name: entity.name, first: first, count: count))
    }

    /// `Item#1, Item#2, …`: the names of every object, as ``EventLog/names(_:)`` writes them.
    var text: String {
        var total = 0
        var longest = 0
        for run in runs {
            total += run.count
            longest = max(longest, run.name.utf8.count)
        }
        // Upper bound: the longest entity name, "#", a sign, 20 digits and ", " per object.
        return String(unsafeUninitializedCapacity: total * (longest + 24)) { buffer in
            var at = 0
            for run in runs {
                let name = Array(run.name.utf8)
                for k in 0..<run.count {
                    if at > 0 {
                        buffer[at] = 44  // ","
                        buffer[at + 1] = 32  // " "
                        at += 2
                    }
                    for byte in name {
                        buffer[at] = byte
                        at += 1
                    }
                    buffer[at] = 35  // "#"
                    at += 1
                    at = EventLog.writeDecimal(run.first &+ k, into: buffer, at: at)
                }
            }
            return at
        }
    }
}
