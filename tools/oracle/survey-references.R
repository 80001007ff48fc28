# Reference figures from R's survey package for the statistics e2e tests (see tools/oracle/README.md).
#
#   Rscript tools/oracle/survey-references.R <data.csv> <tables.json> <out.json>
#
# A weights-only design over every respondent of the file (svydesign(ids = ~1, weights = ~w)): the
# service's base of everyone in the selected waves and markets. For each table of <tables.json>
# (`r` member: the row items, a grouping variable and its levels), per item and level: the domain
# estimate (a mean, or a proportion among the valid) and its linearised standard error (svyby),
# R's own check of that SE against the formula, every pair of levels' design-based t statistic
# (svyttest on the two levels), each level against the rest of the valid (svyttest), and per wave
# with a t statistic of each wave against the previous one.
suppressMessages({
  library(survey)
  library(jsonlite)
})
options(survey.lonely.psu = "fail")

args <- commandArgs(trailingOnly = TRUE)
if (length(args) != 3) stop("usage: survey-references.R <data.csv> <tables.json> <out.json>")
data <- read.csv(args[1], na.strings = c("", " "), stringsAsFactors = FALSE)
spec <- fromJSON(args[2], simplifyVector = FALSE)
weight <- spec$weight
wave <- spec$wave
data$.w <- data[[weight]]
data$.wave <- data[[wave]]
n <- nrow(data)

evaluate <- function(text) with(data, eval(parse(text = text)))

# The design is made once per table item so its variables are columns of its own data frame.
estimate_item <- function(table, item) {
  r <- table$r
  by <- evaluate(r$by)
  valid <- if (is.null(item$valid)) rep(TRUE, n) else evaluate(item$valid)
  valid[is.na(valid)] <- FALSE
  y <- evaluate(item$value)
  # Valid for the item (it has a value), and for the grouping too (a level): the complement is the
  # rest of the item's valid, whatever their group, as the service's rest of the row's base is.
  valid_y <- valid & !is.na(y)
  valid <- valid_y & !is.na(by)
  frame <- data.frame(.w = data$.w, .wave = data$.wave, .by = by, .valid = valid, .valid_y = valid_y, .y = ifelse(valid_y, y, 0))
  levels <- unlist(r$levels)
  waves <- sort(unique(data$.wave))
  # Group indicators as columns of the design (svyttest takes only the design's variables).
  for (k in seq_along(levels)) frame[[paste0(".is", k)]] <- !is.na(by) & by == levels[k]
  for (k in seq_along(waves)) frame[[paste0(".in", k)]] <- data$.wave == waves[k]
  design <- svydesign(ids = ~1, weights = ~.w, data = frame)
  ttest <- function(group, within) unname(svyttest(as.formula(paste(".y ~", group)), within)$statistic)
  out <- list(item = item$id, levels = list(), pairs = list(), complements = list(), trends = list())
  for (k in seq_along(levels)) {
    level <- levels[k]
    domain <- subset(design, .valid & .by == level)
    m <- svymean(~.y, domain)
    sel <- frame$.valid & frame$.by == level
    w <- frame$.w[sel]
    yy <- frame$.y[sel]
    mean <- sum(w * yy) / sum(w)
    # R's SE is the formula of docs/metrics.md (n over the whole design): checked here, so the references mean what they say.
    formula <- sqrt(n / (n - 1) * sum(w^2 * (yy - mean)^2) / sum(w)^2)
    if (abs(formula - SE(m)[1]) > 1e-12 * max(1, formula)) stop(sprintf("%s/%s level %s: svymean SE %.17g, formula %.17g", table$id, item$id, level, SE(m)[1], formula))
    out$levels[[length(out$levels) + 1]] <- list(
      level = level, estimate = unname(coef(m)[1]), se = unname(SE(m)[1]),
      sd = sqrt(sum(w * (yy - mean)^2) / (sum(w) - 1)), w = sum(w), n = sum(sel)
    )
    # The level against the rest of those with a value (whatever their group): TRUE minus FALSE.
    out$complements[[length(out$complements) + 1]] <- list(level = level, t = ttest(paste0(".is", k), subset(design, .valid_y)))
  }
  for (i in seq_along(levels)) {
    for (j in seq_along(levels)) {
      if (j <= i) next
      a <- levels[i]
      b <- levels[j]
      pair <- subset(design, .valid & (.by == a | .by == b))
      # svyttest's difference is TRUE minus FALSE: level a minus level b.
      out$pairs[[length(out$pairs) + 1]] <- list(a = a, b = b, t = ttest(paste0(".is", i), pair))
    }
  }
  if (isTRUE(table$trend)) {
    for (level in levels) {
      per <- list()
      for (k in seq_along(waves)) {
        m <- svymean(~.y, subset(design, .valid & .by == level & .wave == waves[k]))
        per[[k]] <- list(wave = waves[k], estimate = unname(coef(m)[1]), se = unname(SE(m)[1]))
      }
      steps <- list()
      for (k in seq_along(waves)[-1]) {
        two <- subset(design, .valid & .by == level & (.wave == waves[k] | .wave == waves[k - 1]))
        # The later wave minus the earlier.
        steps[[length(steps) + 1]] <- list(from = waves[k - 1], to = waves[k], t = ttest(paste0(".in", k), two))
      }
      out$trends[[length(out$trends) + 1]] <- list(level = level, waves = per, steps = steps)
    }
  }
  out
}

result <- list(
  generated_by = sprintf("R %s, survey %s", paste(R.version$major, R.version$minor, sep = "."), as.character(packageVersion("survey"))),
  respondents = n,
  tables = lapply(spec$tables, function(table) {
    pairs <- choose(length(table$r$levels), 2)
    list(
      id = table$id,
      # Two-sided critical values at 95%: one test, and Bonferroni over the pairs of levels of a row.
      critical = qnorm(0.975), bonferroni = qnorm(1 - 0.05 / pairs / 2),
      items = lapply(table$r$items, function(item) estimate_item(table, item))
    )
  })
)
writeLines(toJSON(result, auto_unbox = TRUE, digits = I(17), pretty = TRUE), args[3])
