import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CalculateChartUseCase } from './calculate-chart.usecase';
import { ChartCalculateJobHandler } from './chart-calculate.job-handler';
import { ChartEntity } from './chart.entity';
import { ChartTaxonomyRepository } from './chart-taxonomy.repository';
import { ChartsController } from './charts.controller';
import { ChartsService } from './charts.service';

/** The charts HTTP API, and (for inline mode) the calculation handler. Needs CatalogueAccess and EngineModule. */
@Module({
  imports: [TypeOrmModule.forFeature([ChartEntity])],
  controllers: [ChartsController],
  providers: [ChartsService, CalculateChartUseCase, ChartTaxonomyRepository, ChartCalculateJobHandler],
})
export class ChartsModule {}

/** The chart calculation handler alone, for the worker. Needs EngineModule. */
@Module({ providers: [ChartCalculateJobHandler] })
export class ChartJobsModule {}
