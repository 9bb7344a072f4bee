/// The rows a batch insert built, in memory of their own until the store takes them (moved, not copied) or
/// the insertion fails (then they are dropped).
final class NewStoreRows {
    private let base: UnsafeMutablePointer<StoreRow>
    private let capacity: Int
    /// The number of rows.
    @exclusivity(unchecked) private(set) var count = 0

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Adds a row (at most `capacity`).
    func append(_ row: consuming StoreRow) {
        precondition(count < capacity, "more batch insert rows than objects")
        (base + count).initialize(to: row)
        count += 1
    }

    /// Calls `body` with each row's position and a copy of it.
    func forEach(_ body: (Int, StoreRow) -> Void) {
        for n in 0..<count { body(n, base[n]) }
    }

    /// Hands each row to `body` (position, row), leaving none.
    func moveAll(_ body: (Int, consuming StoreRow) -> Void) {
        let n = count
        count = 0
        for i in 0..<n { body(i, (base + i).move()) }
    }
}
