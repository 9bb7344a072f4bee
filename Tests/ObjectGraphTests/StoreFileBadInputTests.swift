@testable import ObjectGraph
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The error opening a store throws, or nil.
private func openError(_ path: String, _ model: ManagedObjectModel) -> ObjectGraphError? {
    do { _ = try PersistentStore(sqlitePath: path, model: model) } catch let error as ObjectGraphError { return error } catch { return nil }
    return nil
}

/// Each kind of bad store file: a clear Cocoa error in SQLite's or Core Data's words, and the file left
/// byte for byte as it was.
@Suite(.enabled(if: sqlite3Executable != nil, Comment(rawValue: sqlite3Missing)))
struct StoreFileBadInputTests {
    /// A store of `storeFormatModel()` laid out by Core Data, changed by `sql`; opens it and returns the
    /// error, checking that the file did not change.
    private func refusal(_ name: String, _ sql: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ObjectGraphError? {
        let path = freshStorePath(name)
        defer { unlink(path) }
        #expect(sqlite3(path, coreDataStoreSQL + sql) == "", sourceLocation: sourceLocation)
        let before = fileBytes(path)
        let error = openError(path, try storeFormatModel())
        #expect(fileBytes(path) == before, "the file changed", sourceLocation: sourceLocation)
        #expect(access(path + "-journal", F_OK) != 0, sourceLocation: sourceLocation)
        return error
    }

    private func corrupt(_ name: String, _ detail: String) -> String {
        "The file “\(freshStorePath(name))” couldn’t be opened because it isn’t in the correct format: the persistent store is corrupt (\(detail))."
    }

    private func incompatible(_ name: String, _ detail: String) -> String {
        "The model used to open the store is incompatible with the one used to create the store (\(freshStorePath(name))): \(detail)."
    }

    @Test("a SQLite database that is not a Core Data store: 259")
    func notCoreData() throws {
        let path = freshStorePath("plain")
        defer { unlink(path) }
        sqlite3(path, "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hello');")
        let before = fileBytes(path)
        let error = openError(path, try storeFormatModel())
        #expect(error?.code == 259)
        #expect(error?.message == "The file “\(path)” couldn’t be opened because it isn’t in the correct format: it is not a persistent store (a SQLite database without Core Data's Z_METADATA and Z_PRIMARYKEY tables).")
        #expect(fileBytes(path) == before)
    }

    @Test("a truncated store: 259 with SQLite's words")
    func truncated() throws {
        let path = freshStorePath("truncated")
        defer { unlink(path) }
        do {
            let ctx = try storeContext(try storeFormatModel(), path)
            for i in 0..<3000 { try ctx.insertObject(entityName: "Customer", values: [("name", .string("customer \(i)"))]) }
            try ctx.save()
        }
        let whole = try #require(fileBytes(path))
        truncate(path, off_t(whole.count / 2))
        let before = fileBytes(path)
        let error = openError(path, try storeFormatModel())
        #expect(error?.code == 259)
        #expect(error?.message.hasPrefix("The file “\(path)” couldn’t be opened because it isn’t in the correct format: the persistent store is corrupt (") == true,
                "\(String(describing: error))")
        #expect(fileBytes(path) == before)
    }

    @Test("Z_PRIMARYKEY or Z_METADATA missing or corrupt: 259 naming the table")
    func bookkeepingTables() throws {
        var error = try refusal("nopk", "DROP TABLE Z_PRIMARYKEY;")
        #expect(error?.code == 259)
        #expect(error?.message == corrupt("nopk", "its Z_PRIMARYKEY table is missing"))
        error = try refusal("nometa", "DROP TABLE Z_METADATA;")
        #expect(error?.message == corrupt("nometa", "its Z_METADATA table is missing"))
        error = try refusal("emptymeta", "DELETE FROM Z_METADATA;")
        #expect(error?.message == corrupt("emptymeta", "its Z_METADATA table has no row"))
        error = try refusal("badplist", "UPDATE Z_METADATA SET Z_PLIST = X'3C3F786D6C2076657273696F6E3D22312E30223F3E';")
        #expect(error?.message == corrupt("badplist", "Z_METADATA.Z_PLIST is not a valid binary property list: not a binary property list (no bplist00 header)"))
        error = try refusal("badtrailer", "UPDATE Z_METADATA SET Z_PLIST = X'62706C6973743030080000000000000000000000000000000000000000000000000000000000000000';")
        #expect(error?.message == corrupt("badtrailer", "Z_METADATA.Z_PLIST is not a valid binary property list: bad trailer"))
        error = try refusal("badtype", "UPDATE Z_METADATA SET Z_PLIST = X'62706C6973743030D101025B4E5353746F7265547970655642696E617279080B17000000000000010100000000000000030000000000000000000000000000001E';")
        #expect(error?.message == corrupt("badtype", "its metadata's NSStoreType is \"Binary\", not \"SQLite\""))
        error = try refusal("pkname", "UPDATE Z_PRIMARYKEY SET Z_NAME = NULL WHERE Z_ENT = 1;")
        #expect(error?.message == corrupt("pkname", "a Z_PRIMARYKEY row is not (integer Z_ENT, text Z_NAME, integer Z_SUPER, integer Z_MAX)"))
    }

    @Test("another model: 134100 naming the entity or the column that differs")
    func otherModel() throws {
        var error = try refusal("extraentity", "INSERT INTO Z_PRIMARYKEY VALUES (4, 'Invoice', 0, 0);")
        #expect(error?.code == 134100)
        #expect(error?.message == incompatible("extraentity", "the store has entity Invoice (Z_ENT 4), which the model does not"))
        error = try refusal("noentity", "DELETE FROM Z_PRIMARYKEY WHERE Z_NAME = 'Tag';")
        #expect(error?.message == incompatible("noentity", "entity Tag is not in the store's Z_PRIMARYKEY"))
        error = try refusal("coltype", "DROP TABLE ZTAG; CREATE TABLE ZTAG ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZLABEL INTEGER );")
        #expect(error?.message == incompatible("coltype", "entity Tag: column ZTAG.ZLABEL is INTEGER in the store, VARCHAR in the model"))
        error = try refusal("nocolumn", "ALTER TABLE ZCUSTOMER DROP COLUMN ZUID;")
        #expect(error?.message == incompatible("nocolumn", "entity Customer: column ZCUSTOMER.ZUID is missing"))
        error = try refusal("extracolumn", "ALTER TABLE ZORDER ADD COLUMN ZNOTE VARCHAR;")
        #expect(error?.message == incompatible("extracolumn", "entity Order: the store's column ZORDER.ZNOTE is not in the model"))
        error = try refusal("nojoin", "DROP TABLE Z_3TAGS;")
        #expect(error?.message == incompatible("nojoin", "entity relationship table's table Z_3TAGS is missing"))
        error = try refusal("super", "UPDATE Z_PRIMARYKEY SET Z_SUPER = 2 WHERE Z_NAME = 'Order';")
        #expect(error?.message == incompatible("super", "entity Order's superentity differs (Z_SUPER 2 in the store)"))
    }

    @Test("values the model cannot hold, rows of no entity, dangling references: 259 naming the row")
    func badRows() throws {
        var error = try refusal("textage", "UPDATE ZCUSTOMER SET ZAGE = 'forty' WHERE Z_PK = 5;")
        #expect(error?.code == 259)
        #expect(error?.message == corrupt("textage", "column ZAGE holds TEXT where the model's integer attribute belongs"))
        error = try refusal("shortuuid", "UPDATE ZCUSTOMER SET ZUID = X'0102' WHERE Z_PK = 5;")
        #expect(error?.message == corrupt("shortuuid", "column ZUID holds a BLOB where the model's uuid attribute belongs"))
        error = try refusal("dangling", "UPDATE ZORDER SET ZCUSTOMER = 99 WHERE Z_PK = 3;")
        #expect(error?.message == corrupt("dangling", "ZORDER.ZCUSTOMER of row 3 refers to row 99 of Customer, which does not exist"))
        error = try refusal("danglingpair", "INSERT INTO Z_3TAGS VALUES (3, 42);")
        #expect(error?.message == corrupt("danglingpair", "Z_3TAGS pairs row 3 of Order with row 42 of Tag, and one of them does not exist"))
        error = try refusal("rowent", "UPDATE ZTAG SET Z_ENT = 2 WHERE Z_PK = 7;")
        #expect(error?.message == corrupt("rowent", "row 7 of ZTAG has Z_ENT 2, which is not an entity of that table"))
    }

    @Test("a file of Ripple's earlier layout is refused with how to convert it")
    func earlierRippleLayout() throws {
        let error = try refusal("earlier", """
            DROP TABLE Z_METADATA;
            CREATE TABLE Z_METADATA (Z_KEY TEXT PRIMARY KEY, Z_VALUE TEXT NOT NULL);
            INSERT INTO Z_METADATA VALUES ('format', 'ripple-sqlite-2');
            """)
        #expect(error?.code == 134100)
        #expect(error?.message.contains("the file is in the private layout of earlier Ripple versions (Z_METADATA with Z_KEY and Z_VALUE), not Core Data's. Convert it by re-creating it") == true)
    }
}

/// Store numbering at its limits: a row numbered 2^63−1 opens; a new object would need a number past
/// the largest object number (2^53−1) and fails as every numbering past it does; a version (`Z_OPT`)
/// past 2^63−1 fails with 134060. Nothing is changed.
@Suite(.enabled(if: sqlite3Executable != nil, Comment(rawValue: sqlite3Missing)))
struct StoreNumberingOverflowTests {
    @Test("Z_PK and Z_MAX at 2^63−1: the store opens, the next insert finds no number left, other entities go on")
    func largestPrimaryKey() throws {
        let path = freshStorePath("overflow")
        defer { unlink(path) }
        sqlite3(path, coreDataStoreSQL + """
            INSERT INTO ZCUSTOMER (Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES (9223372036854775807, 2, 1, 'last');
            UPDATE Z_PRIMARYKEY SET Z_MAX = 9223372036854775807 WHERE Z_NAME = 'Customer';
            """)
        let ctx = try storeContext(try storeFormatModel(), path)
        let customers = try ctx.fetch(FetchRequest(entityName: "Customer"))
        #expect(customers.map(\.displayName) == ["Customer#5", "Customer#9", "Customer#9223372036854775807"])
        let before = fileBytes(path)
        var failure: ObjectGraphError?
        do { _ = try ctx.insertObject(entityName: "Customer", values: [("name", .string("one more"))]) } catch let e as ObjectGraphError { failure = e }
        #expect(failure?.kind == .limitExceeded)
        #expect(failure?.message == "no object number is left for entity Customer: object numbers end at 9007199254740991")
        #expect(ctx.insertedObjects.isEmpty)
        #expect(!ctx.hasChanges)
        // A batch insert cannot number its rows either.
        #expect(throws: ObjectGraphError.self) {
            _ = try ctx.execute(BatchRequest(entityName: "Customer", action: .insert(objects: [["name": .string("batch")]])))
        }
        #expect(fileBytes(path) == before)
        // The row itself can be changed, and other entities are numbered as before.
        try customers[2].setValue(.string("still last"), forKey: "name")
        let order = try ctx.insertObject(entityName: "Order", values: [("total", .double(1))])
        try ctx.save()
        #expect(order.displayName == "Order#5")
        #expect(sqlite3(path, "SELECT Z_OPT, ZNAME FROM ZCUSTOMER WHERE Z_PK = 9223372036854775807;") == "2|still last\n")
    }

    @Test("Z_OPT at 2^63−1: saving the row fails with 134060 and writes nothing")
    func largestVersion() throws {
        let path = freshStorePath("overflow-opt")
        defer { unlink(path) }
        sqlite3(path, coreDataStoreSQL + "UPDATE ZCUSTOMER SET Z_OPT = 9223372036854775807 WHERE Z_PK = 9;")
        let ctx = try storeContext(try storeFormatModel(), path)
        let bob = try ctx.fetch(FetchRequest(entityName: "Customer"))[1]
        try bob.setValue(.string("Robert"), forKey: "name")
        let before = fileBytes(path)
        var failure: ObjectGraphError?
        do { try ctx.save() } catch let e as ObjectGraphError { failure = e }
        #expect(failure?.code == 134060)
        #expect(failure?.message.contains("the next version (Z_OPT) of Customer#9 cannot be numbered") == true)
        #expect(fileBytes(path) == before)
        #expect(ctx.hasChanges)
    }
}
