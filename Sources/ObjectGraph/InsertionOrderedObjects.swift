/// A context's inserted objects (`inserted`, or `pendingInserted`): the objects in the order they were
/// added, with membership kept in each object's state (`ObjectState.insertionListBits`) instead of a
/// hash table.
///
/// A bulk insert appends objects of one entity with ascending numbers, so the list is already in object
/// order and a save or a processing reads it without sorting or hashing anything; the list notes on
/// every append whether that still holds, and otherwise sorts itself once, in place, the first time the
/// object order is asked for. Adding costs an append and a byte written in the object; a membership test
/// reads that byte; a removal clears the object's member bit and leaves its entry behind (skipped by
/// every reading, dropped when the list is compacted, sorted or emptied), so removing is O(1) too.
///
/// Each list uses two bits of an object's `insertionListBits`: *member* (the object is in the list) and
/// *listed* (the list holds an entry for it, live or removed). An object removed and added again is
/// revived in its old entry, so a list never holds two entries for one object. An object belongs to one
/// context, so its bits describe that context's lists only.
///
/// Invariant: `count` is the number of entries whose object has the member bit; every entry's object has
/// the listed bit, and no other object of the context has it; when `isInObjectOrder`, the entries (live or
/// removed) ascend by (entity index, number).
struct InsertionOrderedObjects: Sequence {
    /// The objects in the order they were first added, including removed ones (member bit clear).
    private var entries: [ManagedObject] = []
    /// The number of members.
    private(set) var count = 0
    /// True while `entries` ascend in object order (entity index, then number).
    private var isInObjectOrder = true
    /// The (entity index, number) of the last entry, for the order check of the next append.
    private var lastEntity = -1
    private var lastNumber = Int.min
    /// The bit of `ObjectState.insertionListBits` saying the object is a member.
    private let memberBit: UInt8
    /// The bit saying the list holds an entry for the object.
    private let listedBit: UInt8

    /// The context's `inserted` list.
    static func inserted() -> InsertionOrderedObjects { InsertionOrderedObjects(memberBit: 1, listedBit: 2) }
    /// The context's `pendingInserted` list.
    static func pendingInserted() -> InsertionOrderedObjects { InsertionOrderedObjects(memberBit: 4, listedBit: 8) }

    private init(memberBit: UInt8, listedBit: UInt8) {
        self.memberBit = memberBit
        self.listedBit = listedBit
    }

    /// Notes that a listed object's number changed (it obtained another permanent ID): the list is
    /// sorted again when next read in object order.
    mutating func noteRenumbered() { isInObjectOrder = false }

    /// True when the list has no member.
    var isEmpty: Bool { count == 0 }

    /// Whether the object is a member (one byte read, no hashing).
    func contains(_ object: ManagedObject) -> Bool { object.state.insertionListBits & memberBit != 0 }

    /// Adds an object at the end (or revives its removed entry); nothing when it is a member already.
    mutating func insert(_ object: ManagedObject) {
        let bits = object.state.insertionListBits
        if bits & memberBit != 0 { return }
        count += 1
        if bits & listedBit != 0 {
            object.state.insertionListBits = bits | memberBit
            return
        }
        object.state.insertionListBits = bits | memberBit | listedBit
        let entity = object.entity.index, number = object.number
        if isInObjectOrder && (entity < lastEntity || entity == lastEntity && number <= lastNumber) {
            isInObjectOrder = false
        }
        lastEntity = entity
        lastNumber = number
        entries.append(object)
    }

    /// Removes an object (its entry stays until the list is compacted); nothing when it is no member.
    mutating func remove(_ object: ManagedObject) {
        guard object.state.insertionListBits & memberBit != 0 else { return }
        object.state.insertionListBits &= ~memberBit
        count -= 1
        // Removed entries keep their objects alive: compact once they outnumber the members.
        if entries.count - count > Swift.max(64, count) { compact() }
    }

    /// Empties the list. A small array is kept for the next event, a large one freed.
    mutating func removeAll() {
        let clear = ~(memberBit | listedBit)
        for object in entries { object.state.insertionListBits &= clear }
        if !entries.isEmpty { entries.removeAll(keepingCapacity: entries.capacity <= 128) }
        count = 0
        isInObjectOrder = true
        lastEntity = -1
        lastNumber = Int.min
    }

    /// Empties the list once a save is done with `objects` (an array `objectsInObjectOrder()` handed out),
    /// running `body` on each of them. While `objects` are still the list's own entries (the same storage,
    /// nothing added or removed since: the usual save) one pass over the objects does both; otherwise
    /// `body` runs over `objects` and the list is emptied as ``removeAll()`` does.
    mutating func removeAll(visiting objects: [ManagedObject], _ body: (ManagedObject) -> Void) {
        let shared = objects.count == entries.count && entries.count == count
            && objects.withUnsafeBufferPointer { a in entries.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
        guard shared else {
            for object in objects { body(object) }
            removeAll()
            return
        }
        let clear = ~(memberBit | listedBit)
        for object in entries {
            body(object)
            object.state.insertionListBits &= clear
        }
        entries.removeAll(keepingCapacity: entries.capacity <= 128)
        count = 0
        isInObjectOrder = true
        lastEntity = -1
        lastNumber = Int.min
    }

    /// The members in object order (entity name, then number), as `sortedInObjectOrder()` gives them.
    /// The list sorts itself the first time this is asked after an out-of-order append, so asking again
    /// costs nothing; when the entries are in order and none was removed, the result shares their storage.
    mutating func objectsInObjectOrder() -> [ManagedObject] {
        if !isInObjectOrder {
            compact()
            entries = entries.sortedInObjectOrder()
            isInObjectOrder = true
            if let last = entries.last {
                lastEntity = last.entity.index
                lastNumber = last.number
            }
        } else if entries.count != count {
            compact()
        }
        assert(entries.elementsEqual(entries.sortedInObjectOrder(), by: ===), "InsertionOrderedObjects: out of order")
        return entries
    }

    /// Drops the removed entries (clearing their listed bit), keeping the order of the rest.
    private mutating func compact() {
        guard entries.count != count else { return }
        let memberBit = memberBit, listedBit = listedBit
        entries.removeAll { object in
            if object.state.insertionListBits & memberBit != 0 { return false }
            object.state.insertionListBits &= ~listedBit
            return true
        }
    }

    /// The members, in the order they were first added.
    func makeIterator() -> Iterator { Iterator(entries: entries.makeIterator(), memberBit: memberBit) }

    /// Iterates the members, skipping removed entries.
    struct Iterator: IteratorProtocol {
        var entries: IndexingIterator<[ManagedObject]>
        let memberBit: UInt8

        mutating func next() -> ManagedObject? {
            while let object = entries.next() {
                if object.state.insertionListBits & memberBit != 0 { return object }
            }
            return nil
        }
    }

    /// The number of members, for `Sequence` consumers that reserve capacity.
    var underestimatedCount: Int { count }
}
