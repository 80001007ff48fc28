import { Module } from '@nestjs/common';
import { CalculateChartUseCase } from './calculate-chart.usecase';
import { ChartTaxonomySource } from './chart-taxonomy.source';
import { ChartsController } from './charts.controller';
import { ChartsRepository } from './charts.repository';
import { ChartsService } from './charts.service';

/** The charts HTTP API. Needs CatalogueAccess, the EngineClient and the process's TypeORM DataSource. */
@Module({
  controllers: [ChartsController],
  providers: [ChartsRepository, ChartsService, CalculateChartUseCase, ChartTaxonomySource],
})
export class ChartsModule {}
