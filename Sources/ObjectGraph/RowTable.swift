/// One entity's saved rows in a store, by object number (what the store kept as `[Int: StoreRow]`).
///
/// Numbers are handed out in order by the coordinator, so a store's rows fill a dense array indexed by
/// number (slot `n - 1`); numbers far past its end (or below 1, from a hand-made file) go to an overflow
/// dictionary. Writing a saved row costs an array slot instead of hashing the number into a dictionary
/// (issue 13, T6: a bulk save of 100k objects hashed each number once), listing the numbers in order is a
/// walk instead of a sort, and the largest number is found from the end.
///
/// Invariant: a number's row is in its dense slot when the number is in the dense range and that slot is
/// set, otherwise in the overflow dictionary; a number is never in both; `count` counts both.
struct RowTable {
    /// Slot `n - 1` holds the row numbered `n`, or nil.
    private var dense: [StoreRow?] = []
    /// Rows whose number is outside the dense range (or was when they were written).
    private var overflow: [Int: StoreRow] = [:]
    /// The number of rows.
    private(set) var count = 0

    /// An empty table.
    init() {}

    /// True when the table has no row.
    var isEmpty: Bool { count == 0 }

    /// The row numbered `number`; setting nil removes it.
    subscript(number: Int) -> StoreRow? {
        get {
            if number >= 1 && number <= dense.count, let row = dense[number - 1] { return row }
            return overflow.isEmpty ? nil : overflow[number]
        }
        set {
            guard let newValue else {
                if number >= 1 && number <= dense.count && dense[number - 1] != nil {
                    dense[number - 1] = nil
                    count -= 1
                } else if !overflow.isEmpty, overflow.removeValue(forKey: number) != nil {
                    count -= 1
                }
                return
            }
            if number >= 1 && number <= dense.count {
                if dense[number - 1] == nil {
                    // A number written to the overflow before the dense range grew over it moves here.
                    if overflow.isEmpty || overflow.removeValue(forKey: number) == nil { count += 1 }
                }
                dense[number - 1] = newValue
            } else if number > dense.count && number - dense.count <= Swift.max(16, dense.count) {
                // Grow the dense range by at most its own size, so it stays within twice the numbers seen.
                if number - dense.count > 1 {
                    dense.append(contentsOf: repeatElement(nil, count: number - dense.count - 1))
                }
                dense.append(newValue)
                if overflow.isEmpty || overflow.removeValue(forKey: number) == nil { count += 1 }
            } else {
                if overflow.updateValue(newValue, forKey: number) == nil { count += 1 }
            }
        }
    }

    /// Makes room for `extra` more rows numbered past the dense range's end (growing geometrically, so
    /// many small saves do not reallocate the array each time).
    mutating func reserveCapacity(extra: Int) {
        let needed = dense.count + extra
        if dense.capacity < needed { dense.reserveCapacity(Swift.max(needed, 2 * dense.capacity)) }
    }

    /// Every number that has a row, ascending.
    var numbers: [Int] {
        var result: [Int] = []
        result.reserveCapacity(count)
        for (i, row) in dense.enumerated() where row != nil { result.append(i + 1) }
        if !overflow.isEmpty {
            result += overflow.keys
            result.sort()
        }
        return result
    }

    /// The largest number that has a row (0 when there is none).
    var largestNumber: Int {
        var largest = overflow.keys.max() ?? 0
        if let last = dense.lastIndex(where: { $0 != nil }) { largest = Swift.max(largest, last + 1) }
        return largest
    }

    /// The rows as a dictionary by number (for the rare paths that merge them with others).
    var dictionary: [Int: StoreRow] {
        var result = overflow
        result.reserveCapacity(count)
        for (i, row) in dense.enumerated() { if let row { result[i + 1] = row } }
        return result
    }
}
