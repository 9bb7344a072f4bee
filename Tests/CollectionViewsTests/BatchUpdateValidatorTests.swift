import CollectionViews
import FetchedResults
import Testing

private func ip(_ s: Int, _ i: Int) -> IndexPath { IndexPath(section: s, item: i) }

/// One batch-update case: the counts before and after, the operations, and the expected message (nil: valid).
struct ValidatorCase: CustomStringConvertible, Sendable {
    let name: String
    let before: [Int]
    let after: [Int]
    let build: @Sendable (BatchUpdate) -> Void
    let message: String?
    var description: String { name }
}

private let countsMessage: @Sendable (Int, Int, Int, Int, Int, Int, Int) -> String = { (s: Int, after: Int, before: Int, ins: Int, del: Int, mi: Int, mo: Int) in
    "Invalid update: invalid number of items in section \(s).  The number of items contained in an existing section after the update (\(after)) must be equal to the number of items contained in that section before the update (\(before)), plus or minus the number of items inserted or deleted from that section (\(ins) inserted, \(del) deleted) and plus or minus the number of items moved into or out of that section (\(mi) moved in, \(mo) moved out)."
}

let validatorCases: [ValidatorCase] = [
    ValidatorCase(name: "empty batch", before: [3], after: [3], build: { _ in }, message: nil),
    ValidatorCase(name: "insert one item", before: [3], after: [4], build: { $0.insertItems(at: [ip(0, 3)]) }, message: nil),
    ValidatorCase(name: "insert without updating the data source", before: [3], after: [3],
                  build: { $0.insertItems(at: [ip(0, 0)]) }, message: countsMessage(0, 3, 3, 1, 0, 0, 0)),
    ValidatorCase(name: "delete without updating the data source", before: [2, 2], after: [2, 2],
                  build: { $0.deleteItems(at: [ip(1, 0)]) }, message: countsMessage(1, 2, 2, 0, 1, 0, 0)),
    ValidatorCase(name: "forum 751732 worked example", before: [10, 20, 30], after: [11, 21, 29],
                  build: { $0.insertItems(at: [ip(0, 0), ip(1, 2)]); $0.reloadItems(at: [ip(1, 1)]); $0.deleteItems(at: [ip(2, 1)]) },
                  message: nil),
    ValidatorCase(name: "reloads count as delete plus insert in the message", before: [3], after: [4],
                  build: { $0.reloadItems(at: [ip(0, 1)]) }, message: countsMessage(0, 4, 3, 1, 1, 0, 0)),
    ValidatorCase(name: "insert beyond the end", before: [3], after: [4], build: { $0.insertItems(at: [ip(0, 5)]) },
                  message: "attempt to insert item 5 into section 0, but there are only 4 items in section 0 after the update"),
    ValidatorCase(name: "insert into a missing section", before: [3], after: [4], build: { $0.insertItems(at: [ip(2, 0)]) },
                  message: "attempt to insert item 0 into section 2, but there are only 1 sections after the update"),
    ValidatorCase(name: "insert section out of range", before: [3], after: [3, 0], build: { $0.insertSections([3]) },
                  message: "attempt to insert section 3 but there are only 2 sections after the update"),
    ValidatorCase(name: "delete out of range", before: [3], after: [2], build: { $0.deleteItems(at: [ip(0, 3)]) },
                  message: "attempt to delete item 3 from section 0 which only contains 3 items before the update"),
    ValidatorCase(name: "delete from a missing section", before: [3], after: [2], build: { $0.deleteItems(at: [ip(1, 0)]) },
                  message: "attempt to delete item 0 from section 1, but there are only 1 sections before the update"),
    ValidatorCase(name: "delete section out of range", before: [3], after: [], build: { $0.deleteSections([1]) },
                  message: "attempt to delete section 1, but there are only 1 sections before the update"),
    ValidatorCase(name: "delete and reload the same path", before: [3], after: [2],
                  build: { $0.deleteItems(at: [ip(0, 1)]); $0.reloadItems(at: [ip(0, 1)]) },
                  message: "attempt to delete and reload the same index path ({length = 2, path = 0 - 1})"),
    ValidatorCase(name: "delete and move from the same path", before: [3], after: [2],
                  build: { $0.deleteItems(at: [ip(0, 1)]); $0.moveItem(at: ip(0, 1), to: ip(0, 0)) },
                  message: "attempt to perform a delete and a move from the same index path ({length = 2, path = 0 - 1})"),
    ValidatorCase(name: "reload and move from the same path reports a delete", before: [3], after: [3],
                  build: { $0.reloadItems(at: [ip(0, 1)]); $0.moveItem(at: ip(0, 1), to: ip(0, 0)) },
                  message: "attempt to perform a delete and a move from the same index path ({length = 2, path = 0 - 1})"),
    ValidatorCase(name: "insert and move to the same path", before: [3], after: [4],
                  build: { $0.insertItems(at: [ip(0, 0)]); $0.moveItem(at: ip(0, 2), to: ip(0, 0)) },
                  message: "attempt to perform an insert and a move to the same index path ({length = 2, path = 0 - 0})"),
    ValidatorCase(name: "move from a deleted section", before: [2, 2], after: [3],
                  build: { $0.deleteSections([1]); $0.moveItem(at: ip(1, 0), to: ip(0, 0)) },
                  message: "cannot move an item from a deleted section (1)"),
    ValidatorCase(name: "move into an inserted section", before: [2], after: [1, 1],
                  build: { $0.insertSections([1]); $0.moveItem(at: ip(0, 0), to: ip(1, 0)) },
                  message: "cannot move an item into a newly inserted section (1)"),
    ValidatorCase(name: "fan-out move", before: [3], after: [3],
                  build: { $0.moveItem(at: ip(0, 0), to: ip(0, 1)); $0.moveItem(at: ip(0, 0), to: ip(0, 2)) },
                  message: "attempt to move item at index path {length = 2, path = 0 - 0} to both {length = 2, path = 0 - 1} and {length = 2, path = 0 - 2}"),
    ValidatorCase(name: "fan-in move", before: [3], after: [3],
                  build: { $0.moveItem(at: ip(0, 0), to: ip(0, 2)); $0.moveItem(at: ip(0, 1), to: ip(0, 2)) },
                  message: "attempt to move both item at index path {length = 2, path = 0 - 0} and {length = 2, path = 0 - 1} to {length = 2, path = 0 - 2}"),
    ValidatorCase(name: "exact duplicate moves are kept once", before: [3], after: [3],
                  build: { $0.moveItem(at: ip(0, 0), to: ip(0, 2)); $0.moveItem(at: ip(0, 0), to: ip(0, 2)) }, message: nil),
    ValidatorCase(name: "move between sections", before: [2, 1], after: [1, 2],
                  build: { $0.moveItem(at: ip(0, 0), to: ip(1, 1)) }, message: nil),
    ValidatorCase(name: "move between sections without updating counts", before: [2, 1], after: [2, 1],
                  build: { $0.moveItem(at: ip(0, 0), to: ip(1, 0)) }, message: countsMessage(0, 2, 2, 0, 0, 0, 1)),
    ValidatorCase(name: "sections count", before: [1, 1], after: [1, 1, 0], build: { _ in },
                  message: "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (3) must be equal to the number of sections contained in the collection view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)."),
    ValidatorCase(name: "insert a section and delete an item of another (NX-27 done right)", before: [2], after: [1, 1],
                  build: { $0.insertSections([0]); $0.deleteItems(at: [ip(0, 0)]) }, message: nil),
    ValidatorCase(name: "NX-27: the delete dropped because its old section index is inserted", before: [2], after: [1, 1],
                  build: { $0.insertSections([0]) }, message: countsMessage(1, 1, 2, 0, 0, 0, 0)),
    ValidatorCase(name: "delete a section and insert into the one now at its index (NX-28 done right)", before: [1, 1], after: [2],
                  build: { $0.deleteSections([0]); $0.insertItems(at: [ip(0, 1)]) }, message: nil),
    ValidatorCase(name: "NX-28: the insert dropped because its new section index was deleted", before: [1, 1], after: [2],
                  build: { $0.deleteSections([0]) }, message: countsMessage(0, 2, 1, 0, 0, 0, 0)),
    ValidatorCase(name: "delete and move of the same section", before: [1, 1], after: [1],
                  build: { $0.deleteSections([0]); $0.moveSection(0, toSection: 0) },
                  message: "attempt to perform a delete and a move from the same section (0)"),
    ValidatorCase(name: "insert and move to the same section", before: [1, 1], after: [1, 1, 0],
                  build: { $0.insertSections([0]); $0.moveSection(1, toSection: 0) },
                  message: "attempt to perform an insert and a move to the same section (0)"),
    ValidatorCase(name: "fan-out section move", before: [1, 1, 1], after: [1, 1, 1],
                  build: { $0.moveSection(0, toSection: 1); $0.moveSection(0, toSection: 2) },
                  message: "attempt to move section 0 to both section 1 and section 2"),
    ValidatorCase(name: "fan-in section move", before: [1, 1, 1], after: [1, 1, 1],
                  build: { $0.moveSection(0, toSection: 2); $0.moveSection(1, toSection: 2) },
                  message: "attempt to move both section 0 and section 1 to section 2"),
    ValidatorCase(name: "section move with item counts following", before: [1, 2], after: [2, 1],
                  build: { $0.moveSection(1, toSection: 0) }, message: nil),
    ValidatorCase(name: "delete and reload of the same section", before: [1, 1], after: [1],
                  build: { $0.deleteSections([1]); $0.reloadSections([1]) },
                  message: "attempt to delete and reload the same section (1)"),
    ValidatorCase(name: "reload section with a new count", before: [1, 1], after: [1, 5],
                  build: { $0.reloadSections([1]) }, message: nil),
]

@Suite struct BatchUpdateValidatorTests {
    @Test("the case table is large enough")
    func tableSize() { #expect(validatorCases.count >= 25) }

    @Test("collection view", arguments: validatorCases)
    func collectionView(_ c: ValidatorCase) {
        let batch = BatchUpdate()
        c.build(batch)
        do {
            _ = try BatchUpdateValidator(wording: .collectionView).validate(batch, before: c.before, after: c.after)
            #expect(c.message == nil, "\(c.name): expected \(c.message ?? "")")
        } catch let error as CollectionViewsError {
            #expect(error.message == c.message, "\(c.name)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("table view wording", arguments: validatorCases)
    func tableView(_ c: ValidatorCase) {
        let batch = BatchUpdate()
        c.build(batch)
        let expected = c.message.map {
            $0.replacingRows()
        }
        do {
            _ = try BatchUpdateValidator(wording: .tableView).validate(batch, before: c.before, after: c.after)
            #expect(expected == nil, "\(c.name)")
        } catch let error as CollectionViewsError {
            #expect(error.message == expected, "\(c.name)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("table view messages verbatim")
    func tableViewMessages() throws {
        let batch = BatchUpdate()
        batch.deleteItems(at: [ip(0, 4)])
        do {
            _ = try BatchUpdateValidator(wording: .tableView).validate(batch, before: [3], after: [2])
        } catch let error as CollectionViewsError {
            #expect(error.message == "attempt to delete row 4 from section 0 which only contains 3 rows before the update")
        }
        let insert = BatchUpdate()
        insert.insertItems(at: [ip(0, 0)])
        do {
            _ = try BatchUpdateValidator(wording: .tableView).validate(insert, before: [3], after: [3])
        } catch let error as CollectionViewsError {
            #expect(error.message == "Invalid update: invalid number of rows in section 0.  The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).")
        }
    }

    @Test("where items go: deletes, inserts, moves and reloads")
    func plan() throws {
        let batch = BatchUpdate()
        batch.deleteItems(at: [ip(0, 0)])
        batch.insertItems(at: [ip(0, 2)])
        batch.moveItem(at: ip(0, 2), to: ip(0, 0))
        batch.reloadItems(at: [ip(0, 1)])
        let plan = try BatchUpdateValidator(wording: .collectionView).validate(batch, before: [3], after: [3])
        #expect(plan == [.old(0, items: [.old(ip(0, 2)), .new, .new])])
    }
}

extension String {
    /// The table view's wording of a collection view message.
    func replacingRows() -> String {
        var s = self
        for (a, b) in [("items", "rows"), ("item", "row"), ("collection view", "table view")] {
            s = s.split(separator: " ", omittingEmptySubsequences: false).map { word in
                word == a ? b : String(word)
            }.joined(separator: " ")
            if a == "collection view" { s = s.replacing(a, with: b) }
        }
        // UITableView: "cannot move a row …" (TLIndexPathTools #20).
        return s.replacing("cannot move an row", with: "cannot move a row")
    }
}
