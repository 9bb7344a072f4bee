extension PersistentStore {
    /// Adds the new rows of a batch insert to an in-memory store without history (what ``save(author:contextName:model:_:)``
    /// does for such a store, without the list of (ID, row) writes): the rows are numbered `firstNumber`,
    /// `firstNumber + 1`, … in order and moved into the entity's table.
    func insertNewRows(_ rows: NewStoreRows, entityName: String, firstNumber: Int) {
        precondition(type == .inMemory && history == nil, "insertNewRows on a store whose saves write more than rows")
        if rows.count == 0 { return }
        var table = self.rows.removeValue(forKey: entityName) ?? RowTable()
        table.reserveCapacity(extra: rows.count)
        rows.moveAll { n, row in table[firstNumber + n] = row }
        self.rows[entityName] = table
    }
}
