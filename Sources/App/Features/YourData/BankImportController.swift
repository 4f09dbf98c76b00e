import Foundation
import Hummingbird

/// Importing a bank statement: upload, map the columns with a preview, import as one batch, undo the batch.
struct BankImportController {
    let pages: PageRenderer
    let now: @Sendable () -> Date

    /// Rows shown in the preview table, and duplicates offered one by one.
    static let previewRows = 20
    static let shownDuplicates = 500
    /// Each member's statement as parsed, with the draft it was parsed from: the preview is shown again on every
    /// change of a column, and reading and parsing the file each time cost more than the page.
    let statements = UserCache<BankImportDraft, BankStatement>(capacity: 16)

    func addRoutes(to group: RouterGroup<MemberContext>) {
        group.get(BankImportPaths.upload, use: showUpload)
        group.post(BankImportPaths.upload, use: upload)
        group.get(BankImportPaths.preview, use: showPreview)
        group.post(BankImportPaths.preview, use: preview)
        group.post(BankImportPaths.undo, use: undo)
    }

    /// `GET /transactions/import`
    @Sendable func showUpload(request: Request, context: MemberContext) async throws -> Response {
        try await uploadPage(error: nil, context: context)
    }

    /// `POST /transactions/import`: reads the file and keeps it for the preview.
    @Sendable func upload(request: Request, context: MemberContext) async throws -> Response {
        let form = try context.uploadedForm()
        let file = form.files["statement"]
        do {
            let statement = try BankStatement.parse(file?.bytes ?? [])
            let name = String((file?.filename ?? "statement.csv").split(separator: "/").last ?? "statement.csv").prefix(
                100
            )
            if let draft = try await context.store.saveBankDraft(
                filename: String(name),
                content: statement.text,
                now: now()
            ) {
                statements.store(.init(key: draft, revision: 0, value: statement), userId: context.member.id)
            }
            return pages.redirect(to: BankImportPaths.preview)
        } catch let problem as ImportProblem {
            return try await uploadPage(error: problem.message, context: context, status: .unprocessableContent)
        }
    }

    /// `GET /transactions/import/preview`: the guessed columns and what the first rows become.
    @Sendable func showPreview(request: Request, context: MemberContext) async throws -> Response {
        guard let draft = try context.store.bankDraft(),
            let statement = try await parsedStatement(of: draft, context: context)
        else {
            return pages.redirect(to: BankImportPaths.upload)
        }
        return try await previewPage(
            draft: draft,
            statement: statement,
            mapping: BankMapping.guess(statement),
            accountId: nil,
            included: [],
            errors: FieldErrors(),
            context: context
        )
    }

    /// `POST /transactions/import/preview`: "Update preview" shows the rows again with the chosen columns; "Import"
    /// writes them as one batch.
    @Sendable func preview(request: Request, context: MemberContext) async throws -> Response {
        guard let draft = try context.store.bankDraft(),
            let statement = try await parsedStatement(of: draft, context: context)
        else {
            return pages.redirect(to: BankImportPaths.upload, flash: .info("Choose the statement to import."))
        }
        let input = try await request.decodeForm(BankMappingInput.self, context: context)
        var errors = FieldErrors()
        let columns = statement.header.count
        func column(_ text: String?, _ field: String) -> Int? {
            guard let text, !text.isEmpty else { return nil }
            guard let index = Int(text), (0..<columns).contains(index) else {
                errors.add(field, "Choose one of the file's columns.")
                return nil
            }
            return index
        }
        var mapping = BankMapping(
            date: column(input.date, "date"),
            amount: column(input.amount, "amount"),
            debit: column(input.debit, "debit"),
            credit: column(input.credit, "credit"),
            description: column(input.description, "description"),
            category: column(input.category, "category"),
            dateFormat: StatementDateFormat(rawValue: input.dateFormat ?? "") ?? .iso,
            decimal: DecimalSeparator(rawValue: input.decimal ?? "") ?? .point
        )
        if mapping.date == nil { errors.add("date", "Choose the column with the date.") }
        if mapping.amount == nil && mapping.debit == nil && mapping.credit == nil {
            errors.add("amount", "Choose the amount column, or the Money out and Money in columns.")
        }
        if mapping.amount != nil {
            mapping.debit = nil
            mapping.credit = nil
        }
        if mapping.description == nil {
            errors.add("description", "Choose the column that describes each transaction.")
        }
        let accounts = try context.store.accountChoices()
        var accountId: Int64?
        if let account = input.account, !account.isEmpty {
            accountId = Int64(account).flatMap { id in accounts.contains { $0.id == id } ? id : nil }
            if accountId == nil { errors.add("account", "Choose one of your accounts.") }
        }
        let included = Set((input.include ?? []).compactMap(Int.init))
        guard input.step == "import", errors.isEmpty else {
            return try await previewPage(
                draft: draft,
                statement: statement,
                mapping: mapping,
                accountId: accountId,
                included: included,
                errors: errors,
                context: context,
                status: errors.isEmpty ? .ok : .unprocessableContent
            )
        }
        let plan = try context.store.bankImportPlan(BankRow.rows(statement, mapping))
        let chosen = plan.importable.filter { !$0.isDuplicate || included.contains($0.row.line) }
        guard !chosen.isEmpty else {
            errors.add(
                "date",
                "No row can be imported with these columns: check the date format and the amount column."
            )
            return try await previewPage(
                draft: draft,
                statement: statement,
                mapping: mapping,
                accountId: accountId,
                included: included,
                errors: errors,
                context: context,
                status: .unprocessableContent
            )
        }
        let batchId = try await context.store.importBank(
            chosen,
            filename: draft.filename,
            accountId: accountId,
            now: now()
        )
        let skipped = plan.items.count - chosen.count
        let message =
            "Imported \(Self.count(chosen.count, "transaction")) from \(draft.filename)"
            + (skipped == 0 ? "." : " and skipped \(skipped.formatted()).")
        return pages.redirect(
            to: BudgetPaths.transactions,
            flash: .undoable(message, undoPath: BankImportPaths.undo(batchId))
        )
    }

    /// `POST /transactions/import/:id/undo`
    @Sendable func undo(request: Request, context: MemberContext) async throws -> Response {
        guard let id = context.parameters.get("id", as: Int64.self),
            let batch = try await context.store.undoImport(batchId: id)
        else {
            throw HTTPError(.notFound)
        }
        return pages.redirect(
            to: BudgetPaths.transactions,
            flash: .success(
                "Undid the import of \(batch.filename): \(Self.count(batch.rowCount, "transaction")) removed."
            )
        )
    }

    /// The draft's statement: as parsed at upload, or (after a restart) read and parsed once more.
    private func parsedStatement(of draft: BankImportDraft, context: MemberContext) async throws -> BankStatement? {
        if let kept = statements.entry(userId: context.member.id, key: draft) { return kept.value }
        guard let content = try context.store.bankDraftContent(draft),
            let statement = try? BankStatement.parse(text: content)
        else { return nil }
        statements.store(.init(key: draft, revision: 0, value: statement), userId: context.member.id)
        return statement
    }

    // MARK: - Pages

    static func count(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count.formatted()) \(noun)s"
    }

    private func uploadPage(
        error: String?,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let zone = context.user.calendarTimeZone
        let batches = try context.store.importBatches().map { batch in
            BankImportPages.Batch(
                id: batch.id,
                text:
                    "\(batch.filename): \(Self.count(batch.rowCount, "transaction")), \(CalendarDay.today(in: zone, now: batch.createdAt).shortText)"
            )
        }
        let page = BankImportPages.UploadPage(error: error, batches: batches)
        return pages.page(title: "Import a bank statement", section: .profile, context: context, status: status) {
            BankImportPages.upload(page, csrf: $0.csrf)
        }
    }

    private func previewPage(
        draft: BankImportDraft,
        statement: BankStatement,
        mapping: BankMapping,
        accountId: Int64?,
        included: Set<Int>,
        errors: FieldErrors,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let plan = try context.store.bankImportPlan(BankRow.rows(statement, mapping))
        let currency = Currency.named(context.user.currency)
        let columnOptions =
            [(value: "", label: "— none —")]
            + statement.header.enumerated().map {
                (value: String($0.offset), label: $0.element.isEmpty ? "Column \($0.offset + 1)" : $0.element)
            }
        let choice = { (column: Int?) in column.map(String.init) ?? "" }
        let accounts = try context.store.accountChoices()
        let fields: [FormField] = [
            .select("date", label: "Date", value: choice(mapping.date), options: columnOptions, error: errors["date"]),
            .select(
                "dateFormat",
                label: "Date format",
                value: mapping.dateFormat.rawValue,
                options: StatementDateFormat.allCases.map { ($0.rawValue, $0.rawValue) }
            ),
            .select(
                "description",
                label: "Description",
                value: choice(mapping.description),
                options: columnOptions,
                error: errors["description"]
            ),
            .select(
                "amount",
                label: "Amount",
                value: choice(mapping.amount),
                options: columnOptions,
                error: errors["amount"]
            ),
            .select(
                "debit",
                label: "Money out",
                value: choice(mapping.debit),
                options: columnOptions,
                error: errors["debit"]
            ),
            .select(
                "credit",
                label: "Money in",
                value: choice(mapping.credit),
                options: columnOptions,
                error: errors["credit"]
            ),
            .select(
                "decimal",
                label: "Amounts look like",
                value: mapping.decimal.rawValue,
                options: DecimalSeparator.allCases.map { ($0.rawValue, $0.label) }
            ),
            .select(
                "category",
                label: "Category (optional)",
                value: choice(mapping.category),
                options: columnOptions,
                error: errors["category"],
                hint: "Without one, each row gets the category of your last transaction with the same description."
            ),
            .select(
                "account",
                label: "Into account",
                value: accountId.map(String.init) ?? "",
                options: [("", "No account")] + accounts.map { (String($0.id), $0.name) },
                error: errors["account"]
            ),
        ]
        let rows = plan.items.prefix(Self.previewRows).map { item in
            let amount = item.row.cents.map { context.user.money(abs($0), in: currency) } ?? "—"
            let status: String =
                if let problem = item.row.problem { "Skipped: \(problem)" } else if item.isDuplicate {
                    included.contains(item.row.line) ? "Duplicate, imported anyway" : "Already in your ledger: skipped"
                } else { (item.row.cents ?? 0) > 0 ? "Income" : "Expense" }
            return BankImportPages.Row(
                line: item.row.line,
                date: item.row.day?.shortText ?? "—",
                description: item.row.description,
                amount: ((item.row.cents ?? 0) > 0 ? "+" : "−") + amount,
                isIncome: (item.row.cents ?? 0) > 0,
                category: item.categoryName ?? "Uncategorized",
                status: status,
                isSkipped: item.row.problem != nil || (item.isDuplicate && !included.contains(item.row.line))
            )
        }
        let unreadable = plan.items.count - plan.importable.count
        let duplicates = plan.duplicates
        let willImport = plan.importable.count - duplicates.filter { !included.contains($0.row.line) }.count
        var counts = "\(Self.count(plan.items.count, "row")) in the file: \(willImport.formatted()) to import"
        if !duplicates.isEmpty { counts += ", \(duplicates.count.formatted()) already in your ledger" }
        if unreadable > 0 {
            let first = plan.items.first { $0.row.problem != nil }
            counts +=
                ", \(unreadable.formatted()) that can't be read (line \(first?.row.line ?? 0): \(first?.row.problem ?? ""))"
        }
        counts += ". The first \(min(Self.previewRows, plan.items.count)) are shown."
        let page = BankImportPages.PreviewPage(
            filename: draft.filename,
            summary: errors.summary,
            mappingFields: fields,
            rows: Array(rows),
            counts: counts,
            duplicates: duplicates.prefix(Self.shownDuplicates).map { item in
                BankImportPages.Duplicate(
                    line: item.row.line,
                    text:
                        "\(item.row.day?.shortText ?? ""), \(item.row.description), \(context.user.money(abs(item.row.cents ?? 0), in: currency))",
                    included: included.contains(item.row.line)
                )
            },
            importLabel: willImport > 0 ? "Import \(Self.count(willImport, "transaction"))" : nil
        )
        return pages.page(title: "Import a bank statement", section: .profile, context: context, status: status) {
            BankImportPages.preview(page, csrf: $0.csrf)
        }
    }
}

struct BankMappingInput: Decodable, Sendable {
    var date: String?
    var dateFormat: String?
    var description: String?
    var amount: String?
    var debit: String?
    var credit: String?
    var decimal: String?
    var category: String?
    var account: String?
    var step: String?
    var include: [String]?
}
