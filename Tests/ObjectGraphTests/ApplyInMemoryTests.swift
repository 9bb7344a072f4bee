import SeededRandom
import Testing
@testable import ObjectGraph

/// A save's rows moved into the in-memory store (`applyInMemory(moving:deletes:)`, issue 13 session 6)
/// against the copying `applyInMemory(writes:deletes:)`: the same tables, row for row, for random batches of
/// runs of one entity, single rows, rewrites and deletions.
@Suite struct ApplyInMemoryTests {
    /// The rows of `store`, comparable: entity, number, values, to-one, to-many and version of every row.
    func contents(_ store: PersistentStore) -> [String] {
        var out: [String] = []
        for (entity, table) in store.rows.sorted(by: { $0.key < $1.key }) {
            for (number, row) in table.dictionary.sorted(by: { $0.key < $1.key }) {
                out.append("\(entity)#\(number) \(row.attributes) \(row.toOne.map { $0?.displayName ?? "nil" }) "
                           + "\(row.toMany.map { $0.map(\.displayName) }) v\(row.version)")
            }
        }
        return out
    }

    @Test("moving and copying leave the same rows", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func sameRows(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let copying = PersistentStore(), moving = PersistentStore()
        let entities = ["A", "B", "LongerEntityName"]
        for batch in 0..<40 {
            var writes: [(ManagedObjectID, StoreRow)] = []
            var deletes: [ManagedObjectID] = []
            for _ in 0..<Int(random.next() % 30) {
                let entity = entities[Int(random.next() % 3)]
                let runLength = random.next() % 4 == 0 ? 1 : Int(random.next() % 12) + 1
                let first = Int(random.next() % 200) - 20
                for k in 0..<runLength {
                    let id = ManagedObjectID(entityName: entity, number: first + k, isTemporaryID: false)
                    let row = StoreRow(attributes: [.integer(Int64(batch)), .string("r\(k)"), .null],
                                       toOne: [random.next() % 2 == 0 ? nil : id],
                                       toMany: [random.next() % 3 == 0 ? [id] : []],
                                       version: Int(random.next() % 5) + 1)
                    writes.append((id, row))
                }
            }
            for _ in 0..<Int(random.next() % 6) {
                deletes.append(ManagedObjectID(entityName: entities[Int(random.next() % 3)], number: Int(random.next() % 200) - 20,
                                               isTemporaryID: false))
            }
            copying.applyInMemory(writes: writes, deletes: deletes)
            var moved = writes
            moving.applyInMemory(moving: &moved, deletes: deletes)
            #expect(contents(copying) == contents(moving), "batch \(batch)")
            #expect(moved.count == writes.count)
            #expect(moved.allSatisfy { $0.1.attributes.isEmpty }, "every row moved out")
        }
    }
}

extension PersistentStore {
    /// Applies rows and deletions to the rows in memory by copying each row, by runs of one entity: what
    /// the store did before `applyInMemory(moving:deletes:)`, kept here to compare with.
    func applyInMemory(writes: [(ManagedObjectID, StoreRow)], deletes: [ManagedObjectID]) {
        var start = writes.startIndex
        while start < writes.endIndex {
            let entityName = writes[start].0.entityName
            var end = start + 1
            while end < writes.endIndex && writes[end].0.entityName == entityName { end += 1 }
            if end - start == 1 {
                // One row (an edit of one object): written in place.
                rows[entityName, default: RowTable()][writes[start].0.number] = writes[start].1
                start = end
                continue
            }
            var table = rows.removeValue(forKey: entityName) ?? RowTable()
            table.reserveCapacity(extra: end - start)
            for (id, row) in writes[start..<end] { table[id.number] = row }
            rows[entityName] = table
            start = end
        }
        for id in deletes { rows[id.entityName]?[id.number] = nil }
    }
}
