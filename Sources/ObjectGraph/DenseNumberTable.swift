/// Elements by object number: a dense array indexed by number plus an overflow dictionary for the rest.
///
/// Object numbers are handed out in order by the coordinator (per entity), so whatever is kept by number
/// — a context's registered objects (``ObjectRegistry``), a store's saved rows (``RowTable``) — fills a
/// dense array from the start: slot `n - 1` holds the element numbered `n`. Writing or reading one costs
/// an array slot instead of hashing the number into a dictionary, listing the numbers in order is a walk
/// instead of a sort, and the largest number is found from the end. Numbers far past the dense range's
/// end (a context that only sees a few objects with large numbers), and numbers below 1 (a hand-made
/// store file), go to the overflow dictionary.
///
/// The dense range grows by at most its own size (at least 16 slots) at a time, so it stays within twice
/// the numbers it holds; a number written to the overflow before the dense range grew over it stays there
/// until it is written again or removed.
///
/// The walks start at the first dense slot that may be set: a store whose objects come and go (inserted,
/// then deleted) keeps its live numbers near the end of the dense range, and listing them then costs the
/// live range, not every number ever handed out (`ripple.explore` fetches after every step).
///
/// Invariant: a number's element is in its dense slot when the number is in the dense range and that slot
/// is set, otherwise in the overflow dictionary; a number is never in both; ``count`` counts both; every
/// dense slot below `firstUsed` is empty.
///
/// ```swift
/// var table = DenseNumberTable<String>()
/// table[1] = "a"; table[2] = "b"; table[1_000_000] = "far"   // two dense slots, one overflow entry
/// table.numbers                                              // [1, 2, 1000000]
/// table[2] = nil                                             // count 2, largestNumber 1,000,000
/// ```
struct DenseNumberTable<Element> {
    /// Slot `n - 1` holds the element numbered `n`, or nil.
    private var dense: [Element?] = []
    /// Elements whose number is outside the dense range (or was when they were written).
    private var overflow: [Int: Element] = [:]
    /// The number of elements.
    private(set) var count = 0
    /// No dense slot below this index is set.
    private var firstUsed = 0

    /// An empty table.
    init() {}

    /// True when the table has no element.
    var isEmpty: Bool { count == 0 }

    /// The element numbered `number`, or nil; setting nil removes it.
    subscript(number: Int) -> Element? {
        @inline(__always) get {
            if number >= 1 && number <= dense.count, let element = dense[number - 1] { return element }
            return overflow.isEmpty ? nil : overflow[number]
        }
        set {
            if let newValue { set(newValue, at: number) } else { remove(at: number) }
        }
    }

    /// Writes `element` under `number` (replacing any element there).
    @inline(__always)
    mutating func set(_ element: Element, at number: Int) {
        if number >= 1 && number <= dense.count {
            if dense[number - 1] == nil {
                // A number written to the overflow before the dense range grew over it moves here.
                if overflow.isEmpty || overflow.removeValue(forKey: number) == nil { count += 1 }
            }
            dense[number - 1] = element
            if number - 1 < firstUsed { firstUsed = number - 1 }
        } else if number > dense.count && number - dense.count <= Swift.max(16, dense.count) {
            // Grow the dense range by at most its own size, so it stays within twice the numbers seen.
            if number - dense.count > 1 {
                dense.append(contentsOf: repeatElement(nil, count: number - dense.count - 1))
            }
            dense.append(element)
            if overflow.isEmpty || overflow.removeValue(forKey: number) == nil { count += 1 }
        } else if overflow.updateValue(element, forKey: number) == nil {
            count += 1
        }
    }

    /// Runs `body` on the element numbered `number` where it is kept (no copy of it is made), or returns nil
    /// when there is none.
    @inline(__always)
    mutating func modify<R>(at number: Int, _ body: (inout Element) throws -> R) rethrows -> R? {
        if number >= 1 && number <= dense.count && dense[number - 1] != nil { return try body(&dense[number - 1]!) }
        if overflow.isEmpty || overflow[number] == nil { return nil }
        return try body(&overflow[number]!)
    }

    /// Removes the element numbered `number`, if any.
    mutating func remove(at number: Int) {
        if number >= 1 && number <= dense.count && dense[number - 1] != nil {
            dense[number - 1] = nil
            count -= 1
            if number - 1 == firstUsed {
                while firstUsed < dense.count && dense[firstUsed] == nil { firstUsed += 1 }
            }
        } else if !overflow.isEmpty, overflow.removeValue(forKey: number) != nil {
            count -= 1
        }
    }

    /// Makes room for `extra` more elements numbered past the dense range's end (growing geometrically, so
    /// many small writes do not reallocate the array each time).
    mutating func reserveCapacity(extra: Int) {
        let needed = dense.count + extra
        if dense.capacity < needed { dense.reserveCapacity(Swift.max(needed, 2 * dense.capacity)) }
    }

    /// Every number that has an element, ascending.
    var numbers: [Int] {
        var result: [Int] = []
        result.reserveCapacity(count)
        for i in firstUsed..<dense.count where dense[i] != nil { result.append(i + 1) }
        if !overflow.isEmpty {
            result += overflow.keys
            result.sort()
        }
        return result
    }

    /// The largest number that has an element (0 when there is none).
    var largestNumber: Int {
        var largest = overflow.keys.max() ?? 0
        if let last = dense.lastIndex(where: { $0 != nil }) { largest = Swift.max(largest, last + 1) }
        return largest
    }

    /// Every element, dense ones in number order, then the overflow's in no particular order.
    var values: [Element] {
        var result: [Element] = []
        result.reserveCapacity(count)
        for i in firstUsed..<dense.count { if let element = dense[i] { result.append(element) } }
        result.append(contentsOf: overflow.values)
        return result
    }

    /// The elements as a dictionary by number (for the rare paths that merge them with others).
    var dictionary: [Int: Element] {
        var result = overflow
        result.reserveCapacity(count)
        for i in firstUsed..<dense.count { if let element = dense[i] { result[i + 1] = element } }
        return result
    }
}
