import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CalculateChartUseCase } from './calculate-chart.usecase';
import { ChartEntity } from './chart.entity';
import { ChartTaxonomySource } from './chart-taxonomy.source';
import { ChartsController } from './charts.controller';
import { ChartsService } from './charts.service';

/** The charts HTTP API. Needs CatalogueAccess and the EngineClient. */
@Module({
  imports: [TypeOrmModule.forFeature([ChartEntity])],
  controllers: [ChartsController],
  providers: [ChartsService, CalculateChartUseCase, ChartTaxonomySource],
})
export class ChartsModule {}
